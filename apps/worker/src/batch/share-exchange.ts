import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { redisOptions, type AppConfig } from '@app/config';
import type { PriceShare } from '../export/engine-runner';

/** The few Redis calls the exchange makes (ioredis has them; the spec fakes them). */
export interface ExchangeStore {
  set(key: string, value: string | Buffer, px: 'PX', ms: number, nx: 'NX'): Promise<'OK' | null>;
  set(key: string, value: string | Buffer, px: 'PX', ms: number): Promise<'OK' | null>;
  getBuffer(key: string): Promise<Buffer | null>;
  get(key: string): Promise<string | null>;
  pexpire(key: string, ms: number): Promise<number>;
  del(...keys: string[]): Promise<number>;
  quit(): Promise<unknown>;
}

export interface ShareExchangeOptions {
  /** Keys go under it (the app's queue prefix: instances sharing a Redis never meet). */
  prefix: string;
  /** A builder's lock lives this long unless renewed: a dead builder frees it within this. */
  lockMs: number;
  /** Longest wait for another worker's build; then this worker builds its own. */
  waitMs: number;
  /** How often a waiter looks for the share. */
  pollMs: number;
  /** A stored share outlives a batch whose end nobody saw by this much at most. */
  ttlMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * DESIGN §12 "Speed" across workers: a batch's share of a price file is built once, by the
 * worker that takes the lock (SET NX PX, renewed while it builds), and stored in Redis as its
 * v8 bytes for the batch's other workers, which wait for it (polling) instead of building the
 * same at the same time on the same cores. Never hangs and never fails a child: a wait ends by
 * `waitMs`, a dead builder's lock expires within `lockMs`, a failed build frees the lock at once,
 * and Redis answering nothing or an error — in each case the worker builds its own, as it did
 * before the exchange existed.
 */
export class ShareExchange {
  private readonly me = randomUUID();

  constructor(
    private readonly store: ExchangeStore,
    private readonly options: ShareExchangeOptions,
  ) {}

  /** The share of (batch, price file): another worker's if it builds or has built it, else `build`'s. */
  async obtain(batchId: string, priceKey: string, build: () => Promise<PriceShare>): Promise<PriceShare> {
    const { data, lock } = this.keys(batchId, priceKey);
    const until = Date.now() + this.options.waitMs;
    for (;;) {
      const found = await this.store.getBuffer(data).catch(() => undefined);
      if (found === undefined) return build();
      if (found) return { bytes: found };
      const taken = await this.store.set(lock, this.me, 'PX', this.options.lockMs, 'NX').catch(() => undefined);
      if (taken === undefined) return build();
      if (taken === 'OK') return this.buildAndStore(data, lock, build);
      if (Date.now() >= until) return build();
      await sleep(this.options.pollMs);
    }
  }

  /** The batch has ended: its stored shares go (their TTL would free them anyway). */
  async release(batchId: string, priceKeys: string[]): Promise<void> {
    const keys = priceKeys.flatMap((k) => Object.values(this.keys(batchId, k)));
    if (keys.length) await this.store.del(...keys).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.store.quit().catch(() => undefined);
  }

  private async buildAndStore(data: string, lock: string, build: () => Promise<PriceShare>): Promise<PriceShare> {
    const renew = setInterval(() => void this.store.pexpire(lock, this.options.lockMs).catch(() => undefined), this.options.lockMs / 3);
    renew.unref();
    try {
      const share = await build();
      const { bytes } = share;
      await this.store.set(data, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'PX', this.options.ttlMs).catch(() => undefined);
      return share;
    } finally {
      clearInterval(renew);
      // Waiters see the share, or (the build failed) no lock: one of them tries in its turn.
      if ((await this.store.get(lock).catch(() => null)) === this.me) await this.store.del(lock).catch(() => undefined);
    }
  }

  private keys(batchId: string, priceKey: string): { data: string; lock: string } {
    const base = `${this.options.prefix}:batch-share:${batchId}:${priceKey}`;
    return { data: `${base}:data`, lock: `${base}:lock` };
  }
}

/**
 * The worker's exchange on its Redis: commands fail at once while Redis is away and time out if
 * it stops answering, so a child never waits on Redis for long.
 */
export function redisShareExchange(config: Pick<AppConfig, 'REDIS_URL' | 'QUEUE_PREFIX' | 'GENERATE_TIMEOUT_MS'>): ShareExchange {
  const redis = new Redis(redisOptions(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 2_000, lazyConnect: false }));
  redis.on('error', () => undefined);
  return new ShareExchange(redis, {
    prefix: config.QUEUE_PREFIX,
    lockMs: 10_000,
    // A third of a build's time: a worker that gives up waiting still has time to build its own.
    waitMs: Math.floor(config.GENERATE_TIMEOUT_MS / 3),
    pollMs: 25,
    ttlMs: 60 * 60_000,
  });
}
