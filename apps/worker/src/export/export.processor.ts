import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { Queue, Worker, type Job } from 'bullmq';
import {
  BATCH_JOB,
  CHECK_JOB,
  COLUMNS_JOB,
  EXPORT_JOB,
  EXPORT_QUEUE,
  HOUSEKEEPING_JOB,
  RECONCILE_JOB,
  VERSION_ROWS_JOB,
  VERSION_DIFF_JOB,
  SOURCE_POLL_JOB,
  type SourcePollJobData,
  type BatchJobData,
  type CheckJobData,
  type CheckResponse,
  type ColumnsJobData,
  type ExportJobData,
  type ExportJobResult,
  type FileColumns,
  type VersionRowsJobData,
  type VersionDiffJobData,
  type VersionDiffJobResult,
} from '@app/contracts';
import { redisOptions, type AppConfig } from '@app/config';
import { APP_CONFIG } from '@app/config';
import { WorkerMetrics } from '@app/metrics';
import { EngineRunner } from './engine-runner';
import { exportSlots } from './export-slots';
import { ExportJobRunner } from './export-job.runner';
import { ColumnsJobRunner } from './columns-job.runner';
import { CheckJobRunner } from './check-job.runner';
import { VersionRowsJobRunner } from './version-rows-job.runner';
import { HousekeepingService } from '../housekeeping/housekeeping.service';
import { ExportReconciler } from '../housekeeping/export-reconciler';
import { BatchReconciler } from '../housekeeping/batch-reconciler';
import { BatchJobRunner } from '../batch/batch-job.runner';
import { VersionDiffJobRunner } from '../price-versions/version-diff-job.runner';
import { SourcePollJobRunner } from '../price-sources/source-poll-job.runner';
import { PriceListReconciler } from '../housekeeping/price-list-reconciler';
import { countedAttempt } from '../metrics/job-metrics';

type AnyJobData = ExportJobData | ColumnsJobData | CheckJobData | BatchJobData | VersionRowsJobData | VersionDiffJobData | SourcePollJobData;
type AnyJobResult = ExportJobResult | FileColumns | CheckResponse | VersionDiffJobResult | null;

/**
 * The consumer of the `export` queue. Closing waits for the active job, so SIGTERM either finishes
 * it or (past the grace period) leaves it to be picked up again as stalled — never done twice.
 */
@Injectable()
export class ExportProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker<AnyJobData, AnyJobResult>;
  private scheduler?: Queue;
  private scheduleTimer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly runner: ExportJobRunner,
    private readonly columns: ColumnsJobRunner,
    private readonly checks: CheckJobRunner,
    private readonly versionRows: VersionRowsJobRunner,
    private readonly housekeeping: HousekeepingService,
    private readonly reconciler: ExportReconciler,
    private readonly batchReconciler: BatchReconciler,
    private readonly batches: BatchJobRunner,
    private readonly versionDiffs: VersionDiffJobRunner,
    private readonly sourcePolls: SourcePollJobRunner,
    private readonly priceListReconciler: PriceListReconciler,
    private readonly engine: EngineRunner,
    private readonly logger: PinoLogger,
    private readonly metrics: WorkerMetrics,
  ) {}

  get running(): boolean {
    return this.worker?.isRunning() ?? false;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { config } = this;
    const { slots, budgetMb } = exportSlots(config);
    if (slots < config.WORKER_CONCURRENCY) {
      this.logger.warn({ asked: config.WORKER_CONCURRENCY, slots, budgetMb }, 'fewer exports at once than WORKER_CONCURRENCY: the memory budget holds no more');
    }
    // Every attempt is counted and timed by its kind (DESIGN §18), whatever job it is.
    this.worker = new Worker<AnyJobData, AnyJobResult>(EXPORT_QUEUE, (job) => countedAttempt(this.metrics, job, () => this.process(job)), {
      prefix: config.QUEUE_PREFIX,
      connection: redisOptions(config.REDIS_URL, { maxRetriesPerRequest: null }),
      concurrency: slots,
      lockDuration: config.JOB_LOCK_MS,
      stalledInterval: config.JOB_LOCK_MS,
      maxStalledCount: 2,
      name: `worker-${process.pid}`,
    });
    this.worker.on('error', (err) => this.logger.warn({ err: err.message }, 'worker connection error'));
    this.worker.on('stalled', (jobId) => this.logger.warn({ jobId }, 'job stalled; it will be retried'));
    await this.worker.waitUntilReady();

    // Fails fast while Redis is away instead of queueing commands: the schedules are retried.
    this.scheduler = new Queue(EXPORT_QUEUE, { prefix: config.QUEUE_PREFIX, connection: redisOptions(config.REDIS_URL, { enableOfflineQueue: false }) });
    this.scheduler.on('error', () => undefined);
    await this.registerSchedules();
    // A Redis that lost its data (restarted without persistence) lost the schedules too.
    this.scheduleTimer = setInterval(() => void this.registerSchedules().catch(() => undefined), config.JOB_LOCK_MS);
    this.scheduleTimer.unref();
    this.logger.info({ concurrency: slots, memoryBudgetMb: budgetMb, queue: EXPORT_QUEUE }, 'consuming the export queue');
  }

  /** The recurring jobs, one run at a time across all workers; upserting is idempotent. */
  private async registerSchedules(): Promise<void> {
    const opts = { removeOnComplete: 50, removeOnFail: 50 };
    await this.scheduler!.upsertJobScheduler(HOUSEKEEPING_JOB, { every: this.config.HOUSEKEEPING_EVERY_MS }, { name: HOUSEKEEPING_JOB, opts });
    await this.scheduler!.upsertJobScheduler(RECONCILE_JOB, { every: this.config.JOB_LOCK_MS }, { name: RECONCILE_JOB, opts });
  }

  private process(job: Job<AnyJobData, AnyJobResult>): Promise<AnyJobResult> {
    if (job.name === HOUSEKEEPING_JOB) return this.housekeeping.run().then(() => null);
    if (job.name === RECONCILE_JOB) return this.reconcile();
    if (job.name === BATCH_JOB) return this.batches.run(job as Job<BatchJobData>);
    if (job.name === COLUMNS_JOB) return this.columns.run(job as Job<ColumnsJobData>);
    if (job.name === CHECK_JOB) return this.checks.run(job as Job<CheckJobData>);
    if (job.name === VERSION_ROWS_JOB) return this.versionRows.run(job as Job<VersionRowsJobData>);
    if (job.name === VERSION_DIFF_JOB) return this.versionDiffs.run(job as Job<VersionDiffJobData>);
    if (job.name === SOURCE_POLL_JOB) return this.sourcePolls.run(job as Job<SourcePollJobData>);
    if (job.name !== EXPORT_JOB) throw new Error(`unknown job ${job.name}`);
    return this.runner.run(job as Job<ExportJobData, ExportJobResult | null>);
  }

  private async reconcile(): Promise<null> {
    await this.reconciler.run(this.scheduler!);
    await this.batchReconciler.run(this.scheduler!);
    await this.priceListReconciler.run(this.scheduler!);
    return null;
  }

  async onApplicationShutdown(signal?: string): Promise<void> {
    this.logger.info({ signal }, 'worker closing: finishing the active job');
    clearInterval(this.scheduleTimer);
    await this.worker?.close();
    await this.scheduler?.close();
    await this.engine.close();
  }
}
