import type { RedisOptions } from 'bullmq';

/** Redis connection options from REDIS_URL, shared by the queue producer, the worker and tests. */
export function redisOptions(redisUrl: string, extra: RedisOptions = {}): RedisOptions {
  const u = new URL(redisUrl);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    ...extra,
  };
}
