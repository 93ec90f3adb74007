import { Injectable } from '@nestjs/common';
import { ApiMetrics, type ApiSnapshot } from '@app/metrics';
import { BatchesRepository } from '@app/persistence';
import { ExportQueueService } from '../queue/export-queue.service';
import { HealthService } from '../health/health.service';
import { withTimeout } from '@app/queue';
import { MailJobs } from '@app/delivery';
import type { Queue } from 'bullmq';

/** A scrape must answer within Prometheus's default 10 s timeout even when a service hangs. */
const READ_MS = 2_000;

/**
 * The API's metrics (DESIGN §18). At each scrape it reads what no single process counts — the
 * queue from BullMQ, the running batches from PostgreSQL, the services from the health probe — so
 * every API replica reports the same values: alerts and autoscalers aggregate them with max().
 * The queue's counts are of both queues the workers take work from: exports (and the rest of the
 * engine's jobs) and mail.
 */
@Injectable()
export class ApiMetricsService {
  readonly metrics = new ApiMetrics();
  readonly contentType = this.metrics.registry.contentType;

  constructor(
    private readonly queue: ExportQueueService,
    private readonly health: HealthService,
    private readonly batches: BatchesRepository,
    private readonly mail: MailJobs,
  ) {}

  async render(): Promise<string> {
    return this.metrics.render(await this.snapshot());
  }

  private async snapshot(): Promise<ApiSnapshot> {
    const [report, exports, mail, batchesRunning] = await Promise.all([
      this.health.check(),
      countsOf(this.queue.queue),
      countsOf(this.mail.queue),
      withTimeout(this.batches.running(), READ_MS, 'running batches').catch(() => undefined),
    ]);
    const queue = exports && mail && { waiting: exports.wait + exports.prioritized + mail.wait + mail.prioritized, active: exports.active + mail.active, delayed: exports.delayed + mail.delayed, failed: exports.failed + mail.failed };
    return {
      queue,
      workers: report.workers,
      batchesRunning,
      dependencies: { database: report.db === 'ok', redis: report.redis === 'ok', storage: report.storage === 'ok' },
    };
  }
}

function countsOf(queue: Queue): Promise<Record<string, number> | undefined> {
  return withTimeout(queue.getJobCounts('wait', 'prioritized', 'active', 'delayed', 'failed'), READ_MS, 'queue counts').catch(() => undefined);
}
