import request from 'supertest';
import Redis from 'ioredis';
import { defaultQueuePrefix } from '@app/config';
import type { AppProcess } from '../../scripts/app-processes';
import { startApi, startWorker } from '../support/app-runner';
import { dropDatabase } from '../support/databases';
import { generate, sampleTaskAt } from '../support/generate-helpers';
import { testEnv } from '../support/test-env';

/**
 * Two instances (say, two checkouts, or a test run beside `npm start`) on one Redis, each with its
 * own database and no QUEUE_PREFIX set: each worker takes only its own instance's jobs. With a
 * shared prefix about half of these exports would be taken by the other worker and fail.
 */
describe('two instances on one Redis', () => {
  const { appEnv, logDir } = testEnv();
  const instances = ['a', 'b'].map((name) => {
    const env: Record<string, string> = { ...appEnv, DATABASE_URL: `${appEnv.DATABASE_URL}_${name}`, S3_BUCKET: `${appEnv.S3_BUCKET}-${name}` };
    delete env.QUEUE_PREFIX;
    return { name, env, url: '' };
  });
  const processes: AppProcess[] = [];

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    const redis = new Redis(appEnv.REDIS_URL);
    for (const { env } of instances) {
      await dropDatabase(env.DATABASE_URL);
      const keys = await redis.keys(`${defaultQueuePrefix(env.DATABASE_URL)}:*`);
      if (keys.length) await redis.del(...keys);
    }
    await redis.quit();
  });


  it('never take each other\'s jobs, and each health counts only its own worker', async () => {
    for (const instance of instances) {
      const api = await startApi(`api-${instance.name}`, instance.env, logDir);
      instance.url = api.url;
      processes.push(api);
      // Before its worker connects the instance says so, although the other instance has one.
      const before = await request(api.url).get('/api/health').expect(200);
      expect(before.body).toMatchObject({ status: 'starting', workers: 0 });
      processes.push(await startWorker(`worker-${instance.name}`, instance.env, logDir));
    }
    const tasks = await Promise.all(instances.map((i) => sampleTaskAt(i.url)));
    const results = await Promise.all(
      instances.flatMap((instance, n) => Array.from({ length: 8 }, () => generate(tasks[n], instance.url))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(16).fill(200));
    expect(results.map((r) => r.headers['x-export-matched'])).toEqual(Array(16).fill('12'));
    for (const instance of instances) {
      const health = await request(instance.url).get('/api/health').expect(200);
      expect(health.body).toMatchObject({ status: 'ok', workers: 1 });
    }
  }, 120_000);
});
