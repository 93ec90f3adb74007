import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import type { EventEmitter } from 'node:events';
import { createHash, randomUUID } from 'node:crypto';
import {
  CHECK_JOB,
  COLUMNS_JOB,
  ERR,
  decodeExportFailure,
  EXPORT_JOB,
  EXPORT_QUEUE,
  VERSION_ROWS_JOB,
  VERSION_DIFF_JOB,
  versionDiffJobId,
  versionRowsJobId,
  type CheckJobData,
  type CheckResponse,
  type ColumnsJobData,
  type ExportJobData,
  type ExportJobResult,
  type FileColumns,
  type FileKind,
  type JobProgress,
  type VersionRowsJobData,
} from '@app/contracts';
import { APP_CONFIG, redisOptions, type AppConfig } from '@app/config';
import { TasksRepository } from '@app/persistence';
import { QueueUnavailableError, checkJobOptions, exportJobOptions, versionDiffJobOptions, withTimeout } from '@app/queue';
import { StorageService } from '@app/storage';

/**
 * The job did not finish within the wait; it goes on and lands in the history. `outage`: a service
 * it needs is down — the database (the job says it waits for it, or PostgreSQL does not answer the
 * API either) or the storage (known down, or it does not answer the API's probe) — so the user is
 * to try again later rather than be told it took too long.
 */
export class JobTimeoutError extends Error {
  constructor(readonly outage: 'database' | 'storage' | null = null) {
    super(outage ? `the job waits for the ${outage}, which is down` : 'the job did not finish in time');
  }
}
/** The job is no longer in Redis (its data was lost): nothing will ever finish it. */
export class JobGoneError extends Error {}
/** The job failed for good; `reason` is what the worker threw (see encodeExportFailure). */
export class JobFailedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** How long enqueueing may wait for Redis before the request is answered 503. */
const ENQUEUE_TIMEOUT_MS = 3_000;
/** How often a wait asks Redis for the job's state, for the events it may have missed. */
const POLL_MS = 2_000;

/**
 * The producer side of the `export` queue: one Queue and one long-lived QueueEvents per API
 * process. The Queue's connection does not buffer commands while Redis is away, so a request
 * fails fast instead of hanging.
 */
@Injectable()
export class ExportQueueService implements OnApplicationShutdown {
  private readonly logger = new Logger(ExportQueueService.name);
  readonly queue: Queue<ExportJobData | ColumnsJobData | CheckJobData | VersionRowsJobData, ExportJobResult | FileColumns | CheckResponse | null>;
  private readonly events: QueueEvents;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly tasks: TasksRepository,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {
    const prefix = config.QUEUE_PREFIX;
    this.queue = new Queue(EXPORT_QUEUE, {
      prefix,
      connection: redisOptions(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }),
    });
    this.events = new QueueEvents(EXPORT_QUEUE, {
      prefix,
      connection: redisOptions(config.REDIS_URL, { maxRetriesPerRequest: null }),
    });
    const warn = (err: Error) => this.logger.warn({ err: err.message }, 'redis connection error');
    this.queue.on('error', warn);
    this.events.on('error', warn);
  }

  /** Queues the export's job (its id is the export id, so it is never queued twice). */
  async add(exportId: string): Promise<void> {
    await this.enqueue(this.queue.add(EXPORT_JOB, { exportId }, exportJobOptions(exportId)));
  }

  /**
   * Queues a columns job for a stored file and gives its id: one per file, so that requests at
   * the same moment share one job. A failed one is kept a minute, for its waiters to read.
   */
  async addColumns(objectKey: string, kind: FileKind): Promise<string> {
    const jobId = `columns-${createHash('sha1').update(objectKey).digest('hex')}`;
    await this.enqueue(this.queue.add(COLUMNS_JOB, { objectKey, kind }, {
      jobId,
      attempts: 3,
      backoff: { type: 'exponential', delay: 1_000 },
      removeOnComplete: { age: 3600 },
      removeOnFail: { age: 60 },
    }));
    return jobId;
  }

  /**
   * Queues the count of each version's data rows (DESIGN §12), one job per version. A failed count
   * is kept ten minutes under its id, so the listings meanwhile (the page asks again while a count
   * is missing) do not queue a file the engine cannot read again and again; a later one tries once
   * more (an outage has passed by then).
   */
  async addVersionRows(versionIds: string[]): Promise<void> {
    if (versionIds.length === 0) return;
    const opts = (versionId: string) => ({
      jobId: versionRowsJobId(versionId),
      attempts: 3,
      backoff: { type: 'exponential', delay: 1_000 },
      removeOnComplete: true,
      removeOnFail: { age: 600 },
    });
    await this.enqueue(this.queue.addBulk(versionIds.map((versionId) => ({ name: VERSION_ROWS_JOB, data: { versionId }, opts: opts(versionId) }))));
  }

  /** Queues the comparison of a pending version (DESIGN §16) and gives its id: one per version. */
  async addVersionDiff(versionId: string): Promise<string> {
    const jobId = versionDiffJobId(versionId);
    await this.enqueue(this.queue.add(VERSION_DIFF_JOB, { versionId }, versionDiffJobOptions(jobId)));
    return jobId;
  }

  /**
   * Queues a check of the task (DESIGN §11) and gives its id. Each check is its own job: the task
   * may have changed since the last one. Its result is read at once, so it is kept only minutes.
   */
  async addCheck(taskId: string): Promise<string> {
    const jobId = `check-${randomUUID()}`;
    await this.enqueue(this.queue.add(CHECK_JOB, { taskId }, checkJobOptions(jobId)));
    return jobId;
  }

  /** The Redis connection of the queue (its commands fail fast while Redis is away). */
  redis(): Promise<{ get(key: string): Promise<string | null>; set(key: string, value: string, ex: 'EX', seconds: number): Promise<unknown> }> {
    return this.queue.backend.client as unknown as ReturnType<ExportQueueService['redis']>;
  }

  async enqueue(job: Promise<unknown>): Promise<void> {
    try {
      await withTimeout(job, ENQUEUE_TIMEOUT_MS, 'enqueue');
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'could not enqueue a job');
      throw new QueueUnavailableError((error as Error).message);
    }
  }

  /**
   * The job's result once it completes; rejects with JobFailedError, JobTimeoutError or
   * JobGoneError. Events tell at once; a poll catches what they miss (Redis restarted).
   */
  async result<T = ExportJobResult | null>(jobId: string, timeoutMs: number): Promise<T> {
    await this.events.waitUntilReady();
    // QueueEvents also emits `completed:<id>` and `failed:<id>`, which its types do not list.
    const events = this.events as unknown as EventEmitter;
    return new Promise((resolve, reject) => {
      const completed = `completed:${jobId}`;
      const failed = `failed:${jobId}`;
      let settled = false;
      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(poll);
        events.off(completed, onCompleted);
        events.off(failed, onFailed);
        settle();
      };
      const onCompleted = ({ returnvalue }: { returnvalue: unknown }) => finish(() => resolve(returnvalue as T));
      const onFailed = ({ failedReason }: { failedReason: string }) => {
        // The worker found storage down: so does this API now (generate and check answer 503 at once).
        if (decodeExportFailure(failedReason).error === ERR.storageUnavailable) this.storage.markDown();
        finish(() => reject(new JobFailedError(failedReason)));
      };
      const check = () =>
        this.queue.getJobState(jobId).then(async (state) => {
          if (state === 'unknown') return finish(() => reject(new JobGoneError(jobId)));
          if (state !== 'completed' && state !== 'failed') return;
          const job = await this.queue.getJob(jobId);
          if (!job) return finish(() => reject(new JobGoneError(jobId)));
          if (state === 'completed') onCompleted({ returnvalue: job.returnvalue });
          else onFailed({ failedReason: job.failedReason });
        }, () => undefined);
      const timer = setTimeout(() => void this.timedOut(jobId).then((error) => finish(() => reject(error))), timeoutMs);
      const poll = setInterval(check, POLL_MS);
      events.on(completed, onCompleted);
      events.on(failed, onFailed);
      // It may have finished before we listened.
      void check();
    });
  }

  /**
   * Why a wait ran out: the job may be waiting for a database that is down (its progress says so),
   * or be queued behind jobs that do while it is still down (PostgreSQL does not answer here either);
   * or the storage it reads and writes is down (known, or silent to a probe now), its calls timing
   * out and retried.
   */
  private async timedOut(jobId: string): Promise<JobTimeoutError> {
    const job = await withTimeout(this.queue.getJob(jobId), ENQUEUE_TIMEOUT_MS, 'job lookup').catch(() => undefined);
    const progress = job?.progress as JobProgress | number | undefined;
    if (typeof progress === 'object' && progress !== null && progress.waitingFor !== undefined) return new JobTimeoutError('database');
    if (await this.probeFails(() => this.tasks.ping())) return new JobTimeoutError('database');
    if (this.storage.knownDown()) return new JobTimeoutError('storage');
    if (!(await this.probeFails(() => this.storage.ping()))) return new JobTimeoutError();
    this.storage.markDown();
    return new JobTimeoutError('storage');
  }

  private probeFails(probe: () => Promise<unknown>): Promise<boolean> {
    return withTimeout(probe(), ENQUEUE_TIMEOUT_MS, 'probe').then(() => false, () => true);
  }

  async ping(): Promise<void> {
    const client = (await this.queue.backend.client) as unknown as { ping(): Promise<string> };
    await client.ping();
  }

  /** This instance's workers connected to the queue (BullMQ names their Redis connections by prefix). */
  async workerCount(): Promise<number> {
    return (await this.queue.getWorkers()).length;
  }

  /** Closing waits for Redis; when Redis is gone, drop the connections instead of hanging. */
  async onApplicationShutdown(): Promise<void> {
    const closed = Promise.allSettled([this.events.close(), this.queue.close()]);
    await withTimeout(closed, 3_000, 'queue close').catch(() => {
      // Never connected: there is nothing to flush, and disconnect() may not settle either.
      void this.events.disconnect().catch(() => undefined);
      void this.queue.disconnect().catch(() => undefined);
    });
  }
}
