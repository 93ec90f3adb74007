import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { ERR, EXPORT_JOB, decodeExportFailure } from '@app/contracts';
import { ExportsRepository } from '@app/persistence';

import { ALIVE_JOB_STATES as ALIVE, LOST_JOB_MAX_ATTEMPTS as MAX_ATTEMPTS, reconcileBefore } from './lost-jobs';

/**
 * After an outage (Redis wiped, PostgreSQL away while a job ended) an export row can stay
 * `queued` or `running` with nothing left to finish it. Run every JOB_LOCK_MS by one worker at a
 * time, this finds such rows and queues their job again, or marks them failed with the reason.
 * It looks only at rows older than GENERATE_TIMEOUT_MS, the longest an API waits for a job: a
 * younger row may be between its insert and its job's, and its API still watches it. Every step
 * is idempotent: a job id is the export id, and a done or failed row is never changed (its
 * moves are the reconciler's transitions of EXPORT_TRANSITIONS: requeue and abandon).
 */
@Injectable()
export class ExportReconciler {
  constructor(
    private readonly exports: ExportsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {}

  async run(queue: Queue, now = new Date()): Promise<{ requeued: number; failed: number }> {
    let requeued = 0;
    let failed = 0;
    const before = reconcileBefore(now, this.config);
    for (const row of await this.exports.unfinished(before)) {
      const state = await queue.getJobState(row.id);
      if (ALIVE.has(state)) continue;
      if (state === 'unknown' && row.attempts < MAX_ATTEMPTS) {
        await this.exports.requeue(row.id);
        await queue.add(EXPORT_JOB, { exportId: row.id, ...(row.batchId ? { batchId: row.batchId } : {}) }, { jobId: row.id, attempts: MAX_ATTEMPTS - row.attempts, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } });
        requeued++;
        continue;
      }
      const job = state === 'failed' ? await queue.getJob(row.id) : undefined;
      await this.exports.abandon(row.id, job ? decodeExportFailure(job.failedReason).error : ERR.exportLost);
      failed++;
    }
    if (requeued || failed) this.logger.warn({ requeued, failed }, 'stuck exports reconciled');
    return { requeued, failed };
  }
}
