import { Redis, type RedisOptions } from 'ioredis';

export interface ExportHandoffOptions {
  redis: RedisOptions;
  /** QUEUE_PREFIX: the keys live beside the queue's. */
  prefix: string;
  /** Larger workbooks are not handed over (EXPORT_HANDOFF_MAX_KB); 0 turns it off. */
  maxBytes: number;
  /** pino's or Nest's logger: warn(detail, message). */
  logger: { warn(detail: Record<string, unknown>, message: string): void };
  ttlMs?: number;
}

/**
 * A small finished workbook is also left in Redis for a short while, so the API answers the
 * request waiting for it without reading it back from storage: a whole round trip less on every
 * small export. The stored object stays the copy that counts (history, re-download). Best effort
 * on both sides: the worker's failure to offer, or a key gone when the API takes it (expired,
 * evicted, Redis away), only means the API reads the stored object.
 */
export class ExportHandoff {
  private readonly redis: Redis;

  constructor(private readonly options: ExportHandoffOptions) {
    // One retry: while Redis is away a command fails within a reconnect instead of waiting for it.
    this.redis = new Redis({ ...options.redis, maxRetriesPerRequest: 1 });
    this.redis.on('error', (err: Error) => options.logger.warn({ err: err.message }, 'handoff redis connection error'));
  }

  key(exportId: string): string {
    return `${this.options.prefix}:export-handoff:${exportId}`;
  }

  /** Worker side: true when the workbook is now waiting for the API. Never throws. */
  async offer(exportId: string, xlsx: Buffer): Promise<boolean> {
    if (xlsx.length > this.options.maxBytes) return false;
    try {
      await this.redis.set(this.key(exportId), xlsx, 'PX', this.options.ttlMs ?? 30_000);
      return true;
    } catch (error) {
      this.options.logger.warn({ exportId, err: (error as Error).message }, 'could not hand the export over; the API will read it from storage');
      return false;
    }
  }

  /** API side: the workbook, taken once; null when it is not there or not of the expected size. Never throws. */
  async take(exportId: string, size: number): Promise<Buffer | null> {
    try {
      const bytes = await this.redis.getdelBuffer(this.key(exportId));
      return bytes && bytes.length === size ? bytes : null;
    } catch (error) {
      this.options.logger.warn({ exportId, err: (error as Error).message }, 'handed-over export not readable; reading it from storage');
      return null;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
