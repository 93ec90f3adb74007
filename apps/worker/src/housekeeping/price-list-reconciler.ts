import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Queue } from 'bullmq';
import { VERSION_DIFF_JOB, sourceSchedulerId, versionDiffJobId } from '@app/contracts';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { PriceListSourcesRepository, PriceListVersionsRepository } from '@app/persistence';
import { SourceSchedules, versionDiffJobOptions } from '@app/queue';

/**
 * What PostgreSQL says must be in Redis for price lists (DESIGN §16), set right on each reconcile:
 * a version still pending past the time its comparison takes has its comparison queued again
 * (its job failed on an outage, or Redis lost it); every source's schedule is a job scheduler
 * (Redis may have lost them), and a scheduler whose source is gone is removed.
 */
@Injectable()
export class PriceListReconciler {
  constructor(
    private readonly versions: PriceListVersionsRepository,
    private readonly sources: PriceListSourcesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {}

  async run(queue: Queue): Promise<void> {
    const stuck = await this.versions.pendingSince(this.config.GENERATE_TIMEOUT_MS + this.config.JOB_LOCK_MS);
    for (const versionId of stuck) await queue.add(VERSION_DIFF_JOB, { versionId }, versionDiffJobOptions(versionDiffJobId(versionId)));
    if (stuck.length) this.logger.info({ versions: stuck.length }, 'pending versions: their comparisons queued again');

    const schedules = new SourceSchedules(queue);
    const scheduled = await this.sources.scheduled();
    for (const source of scheduled) await schedules.ensure(source);
    const wanted = new Set(scheduled.map((s) => sourceSchedulerId(s.priceListId)));
    for (const scheduler of await queue.getJobSchedulers()) {
      const id = scheduler.key;
      if (id.startsWith('source-') && !wanted.has(id)) await queue.removeJobScheduler(id);
    }
  }
}
