import { rmSync } from 'node:fs';
import { dropDatabase } from '../support/databases';
import Redis from 'ioredis';

/** Stops the processes, then drops the run's database, Redis keys and files. */
export default async function globalTeardown(): Promise<void> {
  const run = globalThis.__PRICE_EXPORT_RUN__;
  if (!run) return;
  for (const proc of run.processes) await proc.stop('SIGTERM');

  await dropDatabase(run.env.appEnv.DATABASE_URL);

  const redis = new Redis(run.env.appEnv.REDIS_URL);
  // The run's prefix and the own-world prefixes built on it (`<prefix>-stress:…`, see ownQueueEnv).
  const stream = redis.scanStream({ match: `${run.env.appEnv.QUEUE_PREFIX}[-:]*`, count: 500 });
  for await (const keys of stream) if ((keys as string[]).length) await redis.del(...(keys as string[]));
  await redis.quit();

  if (!process.env.KEEP_TEST_LOGS) rmSync(run.workDir, { recursive: true, force: true });
}
