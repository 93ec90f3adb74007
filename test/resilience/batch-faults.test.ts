import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERR, type Batch, type ExportRecord } from '@app/contracts';
import { benchItems, writePriceList } from '@app/export-engine/testing/price-fixture';
import { AppLauncher, type StackProcess } from '../../scripts/app-launcher';
import { adminAt, signedInAt } from '../support/auth';
import { tasksAt, waitForBatch } from '../support/batches';
import { dropDatabase } from '../support/databases';
import { objectsOf } from '../support/inspect';
import { ownRedis, type OwnService } from '../support/own-services';
import { testEnv } from '../support/test-env';

/**
 * Batches under faults (DESIGN §12, issue 28 item 5), in a world of their own (database and
 * Redis), against real API and worker processes: a worker killed, a task deleted, the API
 * restarted and Redis wiped in the middle of a batch. Every row ends, and each task's export is made once.
 */
jest.setTimeout(240_000);

const ROWS = 30_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('batches under faults', () => {
  const { appEnv } = testEnv();
  const workDir = mkdtempSync(join(tmpdir(), 'pe-batch-faults-'));
  const launcher = new AppLauncher({}, join(workDir, 'logs'));
  let redis: OwnService;
  let env: Record<string, string>;
  let api: StackProcess & { url: string };
  let price: Buffer;
  const items = benchItems(ROWS, 300, 30);

  beforeAll(async () => {
    redis = await ownRedis();
    // The reconciler takes rows older than GENERATE_TIMEOUT_MS: 4 s here, so it acts soon.
    env = { ...appEnv, DATABASE_URL: `${appEnv.DATABASE_URL}_batch_faults`, REDIS_URL: redis.url, JOB_LOCK_MS: '2000', GENERATE_TIMEOUT_MS: '4000', WORKER_CONCURRENCY: '2' };
    delete env.QUEUE_PREFIX;
    api = await launcher.startApi('api-batch', env);
    await writePriceList(join(workDir, 'price.xlsx'), { rows: ROWS, seed: 5 });
    price = readFileSync(join(workDir, 'price.xlsx'));
  }, 120_000);

  afterAll(async () => {
    await launcher.stopAll(10_000);
    await dropDatabase(env.DATABASE_URL).catch(() => undefined);
    await redis.destroy();
    if (!process.env.KEEP_TEST_LOGS) rmSync(workDir, { recursive: true, force: true });
  });

  const at = () => signedInAt(api.url);
  const start = async (action: string, taskIds: string[]) => (await at().post('/api/batches').send({ action, taskIds }).expect(202)).body.id as string;
  const batchOf = async (id: string) => (await at().get(`/api/batches/${id}`).expect(200)).body as Batch;
  const historyOf = async (taskId: string) => (await at().get(`/api/tasks/${taskId}/exports`).expect(200)).body as ExportRecord[];
  async function until(id: string, holds: (b: Batch) => boolean): Promise<Batch> {
    for (;;) {
      const batch = await batchOf(id);
      if (holds(batch)) return batch;
      await sleep(50);
    }
  }
  /** Each task has exactly one export, done, and one stored file. */
  async function madeOnce(taskIds: string[]): Promise<void> {
    for (const taskId of taskIds) {
      expect((await historyOf(taskId)).map((e) => e.status)).toEqual(['done']);
      expect((await objectsOf(taskId)).filter((key) => key.includes('/exports/'))).toHaveLength(1);
    }
  }

  it('a worker killed mid-batch: another takes its children, every task is made once', async () => {
    const taskIds = await tasksAt(api.url, 6, price, items, 'убитый');
    const first = await launcher.startWorker('worker-batch-a', env);
    const id = await start('generate', taskIds);
    await until(id, (b) => b.tasks.some((t) => t.status === 'running'));
    await first.stop('SIGKILL');
    const second = await launcher.startWorker('worker-batch-b', env);
    const done = await waitForBatch(id, at);
    expect(done.tasks.map((t) => t.status)).toEqual(Array(6).fill('done'));
    await madeOnce(taskIds);
    await second.stop();
  });

  it('a task deleted during its batch: its row says so, the others finish', async () => {
    const taskIds = await tasksAt(api.url, 4, price, items, 'удалённая');
    const worker = await launcher.startWorker('worker-batch-delete', env);
    const id = await start('generate', taskIds);
    await at().delete(`/api/tasks/${taskIds[1]}`).expect(204);
    const done = await waitForBatch(id, at);
    expect(done.tasks[1]).toEqual({ taskId: null, name: 'удалённая 2', status: 'failed', error: ERR.taskNotFound });
    expect(done.tasks.filter((_, i) => i !== 1).map((t) => t.status)).toEqual(['done', 'done', 'done']);
    expect(done).toMatchObject({ total: 4, finished: 4, failed: 1 });
    await madeOnce(taskIds.filter((_, i) => i !== 1));
    await worker.stop();
  });

  it('an API restarted during a batch shows the same progress after, and the batch finishes', async () => {
    const taskIds = await tasksAt(api.url, 6, price, items, 'перезапуск');
    const worker = await launcher.startWorker('worker-batch-restart', env);
    const id = await start('generate', taskIds);
    await until(id, (b) => b.finished >= 1);
    // The worker finishes what it holds and stops: the progress stands still across the restart.
    await worker.stop();
    const before = await batchOf(id);
    expect(before.status).toBe('running');
    await api.stop();
    api = await launcher.startApi('api-batch-again', env);
    await adminAt(api.url);
    expect(await batchOf(id)).toEqual(before);
    const again = await launcher.startWorker('worker-batch-restart-2', env);
    const done = await waitForBatch(id, at);
    expect(done.tasks.map((t) => t.status)).toEqual(Array(6).fill('done'));
    await madeOnce(taskIds);
    // Left running, it took jobs and reconciled beside the next test's frozen worker.
    await again.stop();
  });

  it('Redis wiped mid-batch: every row ends (done again by the reconciler, or failed), none stuck', async () => {
    const taskIds = await tasksAt(api.url, 6, price, items, 'стёртый');
    const worker = await launcher.startWorker('worker-batch-wipe', env);
    const generate = await start('generate', taskIds);
    const check = await start('check', taskIds);
    await until(generate, (b) => b.finished >= 1);
    // Frozen while Redis is wiped, so what was unfinished then is known: beyond the jobs the worker
    // held (at most WORKER_CONCURRENCY), those rows' jobs are lost and only the reconciler ends them.
    process.kill(worker.pid, 'SIGSTOP');
    const unfinished = (await Promise.all([generate, check].map(batchOf))).reduce((n, b) => n + b.total - b.finished, 0);
    execFileSync('redis-cli', ['-p', String(redis.port), 'FLUSHALL']);
    process.kill(worker.pid, 'SIGCONT');
    for (const id of [generate, check]) {
      const done = await waitForBatch(id, at, 180_000);
      for (const row of done.tasks) expect(['done', 'failed']).toContain(row.status);
    }
    for (const taskId of taskIds) expect((await historyOf(taskId)).filter((e) => e.batchId === generate)).toHaveLength(1);
    expect((await batchOf(generate)).tasks.filter((t) => t.status === 'done').length).toBeGreaterThanOrEqual(1);
    if (unfinished > Number(env.WORKER_CONCURRENCY)) expect(worker.lines.some((l) => /stuck (exports|batch rows) reconciled/.test(l))).toBe(true);
  });
});
