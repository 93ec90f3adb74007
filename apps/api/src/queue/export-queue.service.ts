import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Job, Queue, QueueEvents } from 'bullmq';
import { EXPORT_JOB, EXPORT_QUEUE, type ExportJobData, type ExportJobResult } from '@app/contracts';
import { redisOptions, type AppConfig } from '@app/config';
import { APP_CONFIG } from '@app/config';
import { withTimeout } from '../common/with-timeout';

export class QueueUnavailableError extends Error {}

/** How long enqueueing may wait for Redis before the request is answered 503. */
const ENQUEUE_TIMEOUT_MS = 3_000;

export class JobTimeoutError extends Error {}

/**
 * The producer side of the `export` queue: one Queue and one long-lived QueueEvents per API
 * process. The Queue's connection does not buffer commands while Redis is away, so a request
 * fails fast instead of hanging.
 */
@Injectable()
export class ExportQueueService implements OnApplicationShutdown {
  private readonly logger = new Logger(ExportQueueService.name);
  readonly queue: Queue<ExportJobData, ExportJobResult | null>;
  private readonly events: QueueEvents;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
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

  async add(data: ExportJobData): Promise<Job<ExportJobData, ExportJobResult | null>> {
    try {
      return await withTimeout(this.enqueue(data), ENQUEUE_TIMEOUT_MS, 'enqueue');
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'could not enqueue export');
      throw new QueueUnavailableError((error as Error).message);
    }
  }

  private enqueue(data: ExportJobData): Promise<Job<ExportJobData, ExportJobResult | null>> {
    return this.queue.add(EXPORT_JOB, data, {
      jobId: data.exportId,
      attempts: 3,
      backoff: { type: 'exponential', delay: 2_000 },
      removeOnComplete: { age: 24 * 3600, count: 5_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  async waitUntilFinished(job: Job<ExportJobData, ExportJobResult | null>, ttlMs: number): Promise<ExportJobResult | null> {
    try {
      return await job.waitUntilFinished(this.events, ttlMs);
    } catch (error) {
      if (/timed out before finishing/i.test((error as Error).message)) throw new JobTimeoutError();
      throw error;
    }
  }

  async ping(): Promise<void> {
    const client = (await this.queue.backend.client) as unknown as { ping(): Promise<string> };
    await client.ping();
  }

  /** Workers currently connected to the queue (BullMQ names their Redis connections). */
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
