import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EnginePool as EnginePoolType } from '../../apps/worker/src/export/engine-pool';
import { REPO_ROOT, startApi, startWorker, waitForLine } from '../support/app-runner';
import { fixture, sampleItems } from '../support/fixtures';
import { generate, readyTask, SAMPLE_RULES } from '../support/generate-helpers';
import { SCHED_IDLE, threadPriorities } from '../support/inspect';
import { ownQueueEnv } from '../support/own-world';
import { testEnv } from '../support/test-env';

/**
 * The worker's engine threads, on the built code (the thread entry is a compiled file): started on
 * demand, each lowering its own priority, idle ones stopped down to one warm thread, and a job handed to a
 * retired pool still runs.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { EnginePool } = require(join(REPO_ROOT, 'dist/worker/apps/worker/src/export/engine-pool.js')) as { EnginePool: typeof EnginePoolType };

const input = () => ({ price: fixture('price-sample.xlsx'), template: fixture('template-sample.xlsx'), items: sampleItems(), mapping: SAMPLE_RULES });

describe('EnginePool', () => {
  let pool: EnginePoolType;
  afterEach(() => pool?.close());

  it('starts threads on demand, one per job at once, each with SCHED_IDLE and nice 19', async () => {
    const started: string[] = [];
    pool = new EnginePool({ size: 3, priority: 'idle', idleMs: 60_000, onThreadStarted: (p) => started.push(p) });
    expect(pool.threads).toBe(0);
    const outs = await Promise.all([pool.run(input()), pool.run(input()), pool.run(input())]);
    expect(started).toEqual(['idle', 'idle', 'idle']);
    expect(outs.map((o) => o.report.rows)).toEqual([sampleItems().length, sampleItems().length, sampleItems().length]);
    expect(pool.threads).toBe(3);
    // Only the engine threads: the test's own threads keep their priority.
    expect(threadPriorities('self').filter((t) => t.policy === SCHED_IDLE && t.nice === 19)).toHaveLength(3);
    expect(threadPriorities('self').filter((t) => t.policy === SCHED_IDLE || t.nice !== 0)).toHaveLength(3);
    // A fourth job at once is a bug upstream (BullMQ runs at most WORKER_CONCURRENCY): refused, not queued.
    const four = [pool.run(input()), pool.run(input()), pool.run(input()), pool.run(input())];
    await expect(four[3]).rejects.toThrow('more than 3 jobs at once');
    await Promise.all(four.slice(0, 3));
  });

  it('stops idle threads down to one and starts them again when needed', async () => {
    pool = new EnginePool({ size: 3, priority: 'normal', idleMs: 100 });
    await Promise.all([pool.run(input()), pool.run(input()), pool.run(input())]);
    expect(pool.threads).toBe(3);
    expect(threadPriorities('self').every((t) => t.policy !== SCHED_IDLE && t.nice === 0)).toBe(true);
    const deadline = Date.now() + 5_000;
    while (pool.threads > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(pool.threads).toBe(1);
    const again = await Promise.all([pool.run(input()), pool.run(input())]);
    expect(again.every((o) => o.xlsx.length > 0)).toBe(true);
    expect(pool.threads).toBe(2);
  });

  it.each([
    ['idle', process.env.PATH, 'idle', { nice: 19, policy: SCHED_IDLE }],
    ['low', process.env.PATH, 'low', { nice: 19, policy: 0 }],
    // No chrt (not util-linux): nice 19 is what is left, and the thread still runs.
    ['idle', '/nonexistent', 'low', { nice: 19, policy: 0 }],
  ])('priority %s with PATH=%s: applies %s to that thread alone', async (priority, path, applied, own) => {
    const code = `
      const { parentPort, workerData } = require('node:worker_threads');
      const { readFileSync } = require('node:fs');
      const { lowerThreadPriority } = require(workerData.module);
      const applied = lowerThreadPriority(workerData.priority);
      const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
      parentPort.postMessage({ applied, nice: Number(fields[16]), policy: Number(fields[38]) });`;
    const module = join(REPO_ROOT, 'dist/worker/apps/worker/src/export/thread-priority.js');
    const thread = new Worker(code, { eval: true, workerData: { module, priority }, env: { ...process.env, PATH: path } });
    const reply = await new Promise((resolve, reject) => thread.once('message', resolve).once('error', reject));
    await thread.terminate();
    expect(reply).toEqual({ applied, ...own });
    expect(threadPriorities('self').every((t) => t.policy !== SCHED_IDLE && t.nice === 0)).toBe(true);
  });

  it('a worker whose engine threads cannot take SCHED_IDLE (no chrt) still exports, and says so once', async () => {
    const { logDir } = testEnv();
    const env = ownQueueEnv('no-chrt', { PATH: '/nonexistent' });
    const api = await startApi('api-no-chrt', env, logDir);
    const worker = await startWorker('worker-no-chrt', env, logDir);
    try {
      const task = await readyTask(sampleItems());
      await Promise.all([generate(task.id, api.url).expect(200), generate(task.id, api.url).expect(200)]);
      const warning = await waitForLine(worker, /could not take the CPU priority/);
      expect(JSON.parse(warning)).toMatchObject({ asked: 'idle', got: 'low' });
      expect(worker.lines.filter((l) => /could not take the CPU priority/.test(l))).toHaveLength(1);
      expect(threadPriorities(worker.child.pid!).some((t) => t.nice === 19 && t.policy !== SCHED_IDLE)).toBe(true);
    } finally {
      await worker.stop();
      await api.stop();
    }
  });
});
