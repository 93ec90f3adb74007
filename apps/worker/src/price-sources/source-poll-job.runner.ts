import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Job } from 'bullmq';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SOURCE_FAILURES_TOLD, SOURCE_RUN_TEXT, isOutage, type SourcePollJobData, type SourceRunOutcome } from '@app/contracts';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { AUTOMATIC_USER_ID, PriceListSourcesRepository, SecretBox, type Actor, type PriceListSourceEntity, type PriceListSourceRunEntity } from '@app/persistence';
import { SourceError, appSourceLimits, connectionOf, type OpenedSecrets, type SourceLimits } from '@app/sources';
import { WorkerMetrics } from '@app/metrics';
import { FollowerNotifier } from '@app/delivery';
import { OutageWait } from '../export/outage-wait';
import { MailboxPoll } from './mailbox-poll';
import { UrlPoll } from './url-poll';
import type { PollResult } from './poll-result';

/**
 * One poll of a price list's source (DESIGN §16), scheduled or `Проверить сейчас`. It takes the
 * source's lease first, so two workers never poll one source at once (a second poll at the same
 * time ends at once, the first one's run telling); a poll whose worker died is taken up again by
 * its job's next attempt, which takes over its lease and its run row: one poll, one run. What the
 * source refuses (an address that fails, a wrong password, a file that is not a price list) ends
 * the run `failed` with its Russian message, never retried; an outage of our own is retried.
 */
@Injectable()
export class SourcePollJobRunner {
  private readonly limits: SourceLimits;

  constructor(
    private readonly sources: PriceListSourcesRepository,
    private readonly secrets: SecretBox,
    private readonly urls: UrlPoll,
    private readonly mailboxes: MailboxPoll,
    private readonly metrics: WorkerMetrics,
    private readonly notifier: FollowerNotifier,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {
    this.limits = appSourceLimits(config.UPLOAD_MAX_MB * 2 ** 20, config.SOURCE_ALLOW_PRIVATE, config.SOURCE_TIMEOUT_MS);
  }

  async run(job: Job<SourcePollJobData>): Promise<null> {
    const { priceListId, trigger, by } = job.data;
    const jobId = String(job.id);
    const log = this.logger.logger.child({ jobId, priceListId, trigger, attempt: job.attemptsMade + 1 });
    const wait = new OutageWait(job, this.config.GENERATE_TIMEOUT_MS);
    const source = await wait.database(() => this.sources.lease(priceListId, jobId));
    if (!source) {
      log.info('another poll of this source is under way, or the list has no source any more; nothing to do');
      return null;
    }
    const actor: Actor = { id: trigger === 'manual' && by ? by : AUTOMATIC_USER_ID };
    const dir = await mkdtemp(join(tmpdir(), 'price-export-source-'));
    try {
      const run = await wait.database(() => this.sources.startRun(priceListId, jobId));
      const result = await this.poll(source, run, dir, job, actor).catch((error: Error) => this.failure(job, error));
      const failures = await wait.database(() => this.sources.finishRun(actor, run, result.outcome, result.message, result.versionId, result.fetched));
      this.metrics.sourcePollEnded(result.outcome);
      log.info({ outcome: result.outcome, versionId: result.versionId, failures }, result.message);
      if (result.outcome === 'failed' && failures === SOURCE_FAILURES_TOLD) await this.tellFailing(run, log);
      return null;
    } finally {
      await this.sources.release(priceListId, jobId).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Three failed polls in a row: the list's followers hear of it, once (DESIGN §17). */
  private async tellFailing(run: PriceListSourceRunEntity, log: PinoLogger['logger']): Promise<void> {
    const messages = (await this.sources.runs(run.priceListId, SOURCE_FAILURES_TOLD)).map((r) => r.message ?? '');
    await this.notifier.sourceFailing({ priceListId: run.priceListId, runId: run.id, messages }).catch((err: Error) => log.warn({ err: err.message }, 'could not tell the list’s followers of the failing source'));
  }

  private async poll(source: PriceListSourceEntity, run: PriceListSourceRunEntity, dir: string, job: Job, actor: Actor): Promise<PollResult> {
    let opened: OpenedSecrets = {};
    if (source.secrets) {
      try {
        opened = this.secrets.open(source.secrets);
      } catch {
        return { outcome: 'failed', message: SOURCE_RUN_TEXT.secretsUnreadable, versionId: null };
      }
    }
    const connection = connectionOf(source, opened);
    const context = { source, run, dir, job, actor, limits: this.limits };
    return connection.kind === 'url' ? this.urls.poll(connection, context) : this.mailboxes.poll(connection, context);
  }

  /** What the source itself refused is the run's end; an outage of ours is retried, and on the last attempt ends the run too. */
  private failure(job: Job, error: Error): PollResult {
    if (error instanceof SourceError) return { outcome: 'failed', message: error.message, versionId: null };
    const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (!last) throw error;
    return { outcome: 'failed' as SourceRunOutcome, message: SOURCE_RUN_TEXT.failed(isOutage(error) ? 'сервис недоступен' : error.message), versionId: null };
  }
}
