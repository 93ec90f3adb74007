import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { Queue } from 'bullmq';
import { defaultQueuePrefix, redisOptions } from '@app/config';
import { ERR, EXPORT_QUEUE, HOUSEKEEPING_JOB, RECONCILE_JOB, type ExportRecord } from '@app/contracts';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { AppLauncher, type StackProcess } from '../../scripts/app-launcher';
import { ENTRY } from '../../scripts/app-processes';
import { dropDatabase } from '../support/databases';
import { generate, sampleTaskAt } from '../support/generate-helpers';
import { ownPostgres, ownRedis, type OwnService } from '../support/own-services';
import { testEnv } from '../support/test-env';
import { adminAt, signedInAt } from '../support/auth';

/**
 * Outages of the services the app depends on, each on a server of the test's own (a PostgreSQL
 * cluster, a Redis, an S3 server on other loopback ports), stopped, wiped and started again under
 * a running API and worker: every call answers with the right status, and no export is left
 * `queued` or `running` with nothing to finish it.
 */
jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


const history = async (url: string, taskId: string) => (await signedInAt(url).get(`/api/tasks/${taskId}/exports`).expect(200)).body as ExportRecord[];

async function settled(url: string, taskId: string, timeoutMs = 60_000): Promise<ExportRecord[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await history(url, taskId);
    if (rows.every((r) => r.status === 'done' || r.status === 'failed')) return rows;
    if (Date.now() > deadline) throw new Error(`exports still unfinished: ${JSON.stringify(rows.map((r) => r.status))}`);
    await sleep(250);
  }
}

describe('outages', () => {
  const { appEnv } = testEnv();
  const workDir = mkdtempSync(join(tmpdir(), 'pe-outage-'));
  const launcher = new AppLauncher({}, join(workDir, 'logs'));
  const services: OwnService[] = [];
  const databases: string[] = [];
  /** A world of its own database (and so its own queue prefix), beside the run's shared one. */
  const ownDatabase = (name: string, extra: Record<string, string>) => {
    const env: Record<string, string> = { ...appEnv, DATABASE_URL: `${appEnv.DATABASE_URL}_${name}`, ...extra };
    delete env.QUEUE_PREFIX;
    databases.push(env.DATABASE_URL);
    return env;
  };
  afterAll(async () => {
    await launcher.stopAll(10_000);
    await Promise.all(databases.map((url) => dropDatabase(url).catch(() => undefined)));
    await Promise.all(services.map((s) => s.destroy()));
    if (!process.env.KEEP_TEST_LOGS) rmSync(workDir, { recursive: true, force: true });
  });

  const start = async (name: string, env: Record<string, string>) => {
    const api = await launcher.startApi(`api-${name}`, env);
    const worker = await launcher.startWorker(`worker-${name}`, env);
    return { api, worker };
  };

  it('S3 down: a generate and an upload answer 503, the export is recorded as failed, and then generate answers at once', async () => {
    const s3 = launcher.startApp('s3-own', ENTRY.embeddedS3, {}, [join(workDir, 's3')]);
    const endpoint = (JSON.parse(await launcher.waitForLine(s3, /^\{"endpoint"/)) as { endpoint: string }).endpoint;
    const env = ownDatabase('s3', { S3_ENDPOINT: endpoint, S3_BUCKET: 'pe-outage-s3', JOB_LOCK_MS: '2000' });
    const { api } = await start('s3', env);
    const taskId = await sampleTaskAt(api.url);
    await s3.stop('SIGKILL');

    // The API has not met the outage yet: the job meets it, three times, and fails.
    const res = await generate(taskId, api.url);
    expect(res.status).toBe(503);
    expect(JSON.parse(res.body.toString())).toEqual({ error: ERR.storageUnavailable });
    const [row] = await history(api.url, taskId);
    expect(row).toMatchObject({ status: 'failed', error: ERR.storageUnavailable });
    const upload = await signedInAt(api.url).post(`/api/tasks/${taskId}/upload/price`).attach('file', fixtureBytes('price-sample.xlsx'), 'price.xlsx');
    expect(upload.status).toBe(503);
    expect(upload.body).toEqual({ error: ERR.storageUnavailable });
    // Storage is known to be down now: generate and check answer at once, recording nothing.
    const again = await generate(taskId, api.url);
    expect([again.status, JSON.parse(again.body.toString())]).toEqual([503, { error: ERR.storageUnavailable }]);
    expect((await signedInAt(api.url).post(`/api/tasks/${taskId}/check`)).body).toEqual({ error: ERR.storageUnavailable });
    expect(await history(api.url, taskId)).toHaveLength(1);
    expect((await request(api.url).get('/api/health')).body).toMatchObject({ status: 'error', storage: 'down' });
  });

  it('PostgreSQL down: calls answer 503; stopped under a generate, the export ends done or failed, never stuck', async () => {
    const pg = await ownPostgres();
    services.push(pg);
    // Named after the run's database, so its queue keys fall under the run's prefix and go with it.
    const databaseUrl = `${pg.url}${new URL(appEnv.DATABASE_URL).pathname}_pg`;
    const env = ownDatabase('pg', { DATABASE_URL: databaseUrl, JOB_LOCK_MS: '2000' });
    const { api } = await start('pg', env);
    const taskId = await sampleTaskAt(api.url);
    await generate(taskId, api.url).expect(200);

    await pg.stop();
    const list = await signedInAt(api.url).get('/api/tasks');
    expect(list.status).toBe(503);
    expect(list.body).toEqual({ error: ERR.databaseUnavailable });
    expect((await generate(taskId, api.url)).status).toBe(503);
    expect((await request(api.url).get('/api/health')).body).toMatchObject({ status: 'error', db: 'down' });
    await pg.start();

    // Stopped for a few seconds while an export is being made, then back.
    const during = generate(taskId, api.url).then((r) => r);
    // Stopped once the export is recorded (the call has passed its sign-in check and queued it).
    while ((await history(api.url, taskId)).length < 2) await sleep(5);
    await pg.stop();
    await sleep(4_000);
    await pg.start();
    expect([200, 503]).toContain((await during).status);
    const rows = await settled(api.url, taskId);
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  describe('Redis wiped', () => {
    let redis: OwnService;
    let env: Record<string, string>;
    let api: StackProcess & { url: string };
    let taskId: string;

    beforeAll(async () => {
      redis = await ownRedis();
      services.push(redis);
      env = ownDatabase('redis', { REDIS_URL: redis.url, JOB_LOCK_MS: '2000', GENERATE_TIMEOUT_MS: '60000' });
      api = await launcher.startApi('api-redis', env);
      taskId = await sampleTaskAt(api.url);
    });

    it('a waiting generate whose job vanished answers 503 at once instead of waiting out the timeout', async () => {
      // No worker yet: the jobs wait in Redis, which then loses them.
      const started = Date.now();
      const waiting = Array.from({ length: 4 }, () => generate(taskId, api.url).then((r) => r));
      await sleep(500);
      await redis.stop();
      await redis.start();
      const answers = await Promise.all(waiting);
      expect(answers.map((r) => r.status)).toEqual([503, 503, 503, 503]);
      expect(Date.now() - started).toBeLessThan(20_000);
      // Not failed by the request that gave up: the reconciler queues them again (next test).
      expect((await history(api.url, taskId)).map((r) => r.status)).toEqual(['queued', 'queued', 'queued', 'queued']);
    });

    it('exports left queued with no job are queued again by a worker and end done, and the schedules come back', async () => {
      // The API that queued them is gone, so nobody is waiting: only the reconciler can finish them.
      const doomed = await launcher.startApi('api-redis-doomed', env);
      await adminAt(doomed.url);
      const pending = Array.from({ length: 3 }, () => generate(taskId, doomed.url).catch(() => undefined));
      await sleep(500);
      await doomed.stop('SIGKILL');
      await Promise.all(pending);
      await redis.stop();
      await redis.start();
      // These three and the four the test before left.
      expect((await history(api.url, taskId)).filter((r) => r.status === 'queued')).toHaveLength(7);

      // Its reconciler takes rows older than GENERATE_TIMEOUT_MS: 2 s here, so it acts at once.
      const worker = await launcher.startWorker('worker-redis', { ...env, GENERATE_TIMEOUT_MS: '2000' });
      const rows = await settled(api.url, taskId);
      expect(rows.map((r) => r.status)).toEqual(Array(7).fill('done'));
      expect(worker.lines.some((l) => /stuck exports reconciled/.test(l))).toBe(true);

      // Wiped once more under the running worker: its schedules are registered again.
      await redis.stop();
      await redis.start();
      const queue = new Queue(EXPORT_QUEUE, { prefix: defaultQueuePrefix(env.DATABASE_URL), connection: redisOptions(redis.url) });
      try {
        const deadline = Date.now() + 20_000;
        let names: string[] = [];
        while (Date.now() < deadline && names.length < 2) {
          names = (await queue.getJobSchedulers()).map((s) => s.key).sort();
          await sleep(250);
        }
        expect(names).toEqual([HOUSEKEEPING_JOB, RECONCILE_JOB].sort());
      } finally {
        await queue.close();
      }
    });
  });
});
