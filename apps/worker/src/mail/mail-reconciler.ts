import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { DELIVERY_ERR, DELIVERY_LIMITS } from '@app/contracts';
import { FollowerNotifier, MailJobs } from '@app/delivery';
import { DeliveriesRepository, NoticesRepository } from '@app/persistence';
import { ALIVE_JOB_STATES as ALIVE } from '../housekeeping/lost-jobs';
import { ExportDeliveries } from './export-deliveries';

const MAX_ATTEMPTS = DELIVERY_LIMITS.retries + 1;
/** How far back a batch export's owed message is still sent: a message days late helps nobody. */
const OWED_WINDOW_MS = 24 * 3600_000;
/** Old notices are swept at most this often (the reconciler runs every JOB_LOCK_MS). */
const PURGE_EVERY_MS = 3600_000;

/**
 * Run every JOB_LOCK_MS by one worker at a time (a job scheduler of the `mail` queue), as the
 * export reconciler does for exports: what PostgreSQL says is owed is queued again when Redis no
 * longer holds its job (wiped, or the job ended without its row: the row is the truth). Rows
 * untouched for less than JOB_LOCK_MS are left alone (their job may be on its way). Also: batch
 * exports whose message was never written, finished batches whose end was never told, and (hourly)
 * notices older than the exports' retention. A delivery row goes with its export.
 */
@Injectable()
export class MailReconciler {
  private purgedAt = 0;

  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly notices: NoticesRepository,
    private readonly exportDeliveries: ExportDeliveries,
    private readonly notifier: FollowerNotifier,
    private readonly jobs: MailJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {}

  async run(now = new Date()): Promise<{ requeued: number; owed: number; told: number }> {
    const before = new Date(now.getTime() - this.config.JOB_LOCK_MS);
    let requeued = 0;
    for (const row of await this.deliveries.unfinished(before)) {
      if (await this.requeue(row, (attempts) => this.jobs.send(row.id, attempts), (error) => this.deliveries.markFailed(row.id, null, error))) requeued++;
    }
    for (const row of await this.notices.unfinished(before)) {
      if (await this.requeue(row, (attempts) => this.jobs.notify(row.id, attempts), (error) => this.notices.markFailed(row.id, null, error))) requeued++;
    }
    const owed = await this.deliveries.owedExports(new Date(now.getTime() - OWED_WINDOW_MS), before);
    for (const exportId of owed) await this.exportDeliveries.afterExport(exportId);
    const ended = await this.notices.unnoticedBatches(before);
    for (const batchId of ended) await this.notifier.batchEnded(batchId);
    if (requeued || owed.length || ended.length) this.logger.warn({ requeued, owed: owed.length, told: ended.length }, 'mail reconciled');
    if (now.getTime() - this.purgedAt > PURGE_EVERY_MS) {
      this.purgedAt = now.getTime();
      await this.notices.purge(new Date(now.getTime() - this.config.EXPORT_RETENTION_DAYS * 24 * 3600_000));
    }
    return { requeued, owed: owed.length, told: ended.length };
  }

  /** A row whose job is gone (or ended without it) is queued again with the attempts it has left, or failed when it has none. */
  private async requeue(row: { id: string; attempts: number }, add: (attemptsLeft: number) => Promise<void>, fail: (error: string) => Promise<boolean>): Promise<boolean> {
    const queue: Queue = this.jobs.queue;
    const state = await queue.getJobState(row.id);
    if (ALIVE.has(state)) return false;
    if (row.attempts >= MAX_ATTEMPTS) {
      const job = state === 'failed' ? await queue.getJob(row.id) : undefined;
      // A job that failed with the user's reason (Russian) keeps it; BullMQ's own (a stalled job) is not for users.
      await fail(job?.failedReason && /[А-Яа-яЁё]/.test(job.failedReason) ? job.failedReason : DELIVERY_ERR.unreachable(DELIVERY_ERR.lost));
      return false;
    }
    if (state === 'completed' || state === 'failed') await queue.remove(row.id).catch(() => undefined);
    await add(MAX_ATTEMPTS - row.attempts);
    return true;
  }
}
