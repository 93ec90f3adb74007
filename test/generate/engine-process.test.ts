import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateExport } from '@app/export-engine';
import type { EnginePool as EnginePoolType } from '../../apps/worker/src/export/engine-pool';
import type { EngineProcess as EngineProcessType } from '../../apps/worker/src/export/engine-process';
import type { EngineRejection as EngineRejectionType } from '../../apps/worker/src/export/engine.protocol';
import { REPO_ROOT, startApi, startWorker, waitForLine } from '../support/app-runner';
import { fixture, sampleItems } from '@app/export-engine/testing/fixtures';
import { generate, readyTask, SAMPLE_RULES } from '../support/generate-helpers';
import { childPids, isRunning, SCHED_IDLE, threadPriorities } from '../support/inspect';
import { ownQueueEnv } from '../support/own-world';
import { testEnv } from '../support/test-env';

/**
 * The worker's engine process and its threads, on the built code (the process and thread entries
 * are compiled files): the whole process at idle priority, threads started on demand, a dead
 * process failing only its own jobs and started again.
 */
const built = (file: string) => join(REPO_ROOT, 'dist/worker/apps/worker/src/export', file);
/* eslint-disable @typescript-eslint/no-require-imports */
const { EnginePool } = require(built('engine-pool.js')) as { EnginePool: typeof EnginePoolType };
const { EngineProcess } = require(built('engine-process.js')) as { EngineProcess: typeof EngineProcessType };
const { EngineRejection } = require(built('engine.protocol.js')) as { EngineRejection: typeof EngineRejectionType };
/* eslint-enable @typescript-eslint/no-require-imports */

const input = () => ({ price: fixture('price-sample.xlsx'), template: fixture('template-sample.xlsx'), items: sampleItems(), mapping: SAMPLE_RULES });
const untouched = (pid: number | 'self') => threadPriorities(pid).every((t) => t.policy !== SCHED_IDLE && t.nice === 0);

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}

describe('EnginePool (the threads inside the engine process)', () => {
  let pool: EnginePoolType;
  afterEach(() => pool?.close());

  it('starts threads on demand, one per job at once, and refuses more jobs than threads', async () => {
    pool = new EnginePool({ size: 3, idleMs: 60_000 });
    expect(pool.threads).toBe(0);
    const outs = await Promise.all([pool.run(input()), pool.run(input()), pool.run(input())]);
    expect(outs.map((o) => o.ok && o.report.rows)).toEqual([sampleItems().length, sampleItems().length, sampleItems().length]);
    expect(pool.threads).toBe(3);
    // A fourth job at once is a bug upstream (BullMQ runs at most WORKER_CONCURRENCY): refused, not queued.
    const four = [pool.run(input()), pool.run(input()), pool.run(input()), pool.run(input())];
    await expect(four[3]).rejects.toThrow('more than 3 jobs at once');
    await Promise.all(four.slice(0, 3));
  });

  it('stops idle threads down to one and starts them again when needed', async () => {
    pool = new EnginePool({ size: 3, idleMs: 100 });
    await Promise.all([pool.run(input()), pool.run(input()), pool.run(input())]);
    expect(pool.threads).toBe(3);
    await until(() => pool.threads === 1);
    // Counted while both jobs run: once they finish, a slow machine may already stop one again.
    const running = [pool.run(input()), pool.run(input())];
    expect(pool.threads).toBe(2);
    const again = await Promise.all(running);
    expect(again.every((o) => o.ok && o.xlsx.length > 0)).toBe(true);
  });
});

describe('lowerProcessPriority', () => {
  it.each([
    ['idle', process.env.PATH, 'idle', { nice: 19, policy: SCHED_IDLE }],
    ['low', process.env.PATH, 'low', { nice: 19, policy: 0 }],
    // No chrt (not util-linux): nice 19 is what is left, and the process still runs.
    ['idle', '/nonexistent', 'low', { nice: 19, policy: 0 }],
    ['normal', process.env.PATH, 'normal', { nice: 0, policy: 0 }],
  ])('priority %s with PATH=%s: applies %s to every thread of that process, later ones too', async (priority, path, applied, expected) => {
    // The child lowers itself, then starts a thread; it answers once both are done.
    const code = `
      const { lowerProcessPriority } = require(${JSON.stringify(built('process-priority.js'))});
      const applied = lowerProcessPriority(${JSON.stringify(priority)});
      const thread = new (require('node:worker_threads').Worker)('setInterval(() => {}, 1000)', { eval: true });
      thread.once('online', () => process.send({ applied }));
      process.on('disconnect', () => process.exit(0));`;
    const child = fork('-e', [code], { env: { ...process.env, PATH: path }, execArgv: [] });
    try {
      const reply = await new Promise((resolve, reject) => child.once('message', resolve).once('error', reject));
      expect(reply).toEqual({ applied });
      const threads = threadPriorities(child.pid!);
      expect(threads.length).toBeGreaterThan(5);
      expect(threads.every((t) => t.nice === expected.nice && t.policy === expected.policy)).toBe(true);
      expect(untouched('self')).toBe(true);
    } finally {
      child.disconnect();
    }
  });
});

describe('EngineProcess', () => {
  let engine: EngineProcessType;
  afterEach(() => engine?.close());

  it('runs exports side by side in its own process, all of it at SCHED_IDLE and nice 19, and gives the engine’s bytes', async () => {
    const started: string[] = [];
    engine = new EngineProcess({ threads: 3, priority: 'idle', onStarted: (p) => started.push(p) });
    await engine.start();
    expect(started).toEqual(['idle']);
    const outs = await Promise.all([engine.run(input()), engine.run(input()), engine.run(input())]);
    expect(outs.map((o) => o.report.rows)).toEqual([sampleItems().length, sampleItems().length, sampleItems().length]);
    const direct = await generateExport(input());
    expect(Buffer.isBuffer(outs[0].xlsx)).toBe(true);
    expect(outs[0].xlsx.equals(direct.xlsx)).toBe(true);
    expect(outs[0].report).toEqual(direct.report);
    // Every thread of the engine process, V8's and libuv's included; none of this process's.
    const threads = threadPriorities(engine.pid!);
    expect(threads.length).toBeGreaterThan(8);
    expect(threads.every((t) => t.policy === SCHED_IDLE && t.nice === 19)).toBe(true);
    expect(untouched('self')).toBe(true);
  });

  it('passes the engine’s refusal on as an EngineRejection with its Russian message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pe-engine-'));
    writeFileSync(join(dir, 'broken.xlsx'), 'это не xlsx');
    engine = new EngineProcess({ threads: 1, priority: 'normal' });
    const refused = engine.run({ ...input(), price: join(dir, 'broken.xlsx') });
    await expect(refused).rejects.toBeInstanceOf(EngineRejection);
    await expect(refused).rejects.toThrow(/[а-яё]/i);
    expect((await engine.run(input())).report.rows).toBe(sampleItems().length);
  });

  it('a dead engine process fails only the jobs it had, and the next job starts a new one', async () => {
    engine = new EngineProcess({ threads: 2, priority: 'normal' });
    await engine.start();
    const first = engine.pid!;
    const lost = engine.run(input());
    process.kill(first, 'SIGKILL');
    // Killed while the job is still being written to it (EPIPE) or after (its exit): either way the job fails.
    await expect(lost).rejects.toThrow(/engine process exited \(SIGKILL\)|EPIPE/);
    expect((await engine.run(input())).report.rows).toBe(sampleItems().length);
    expect(engine.pid).not.toBe(first);
  });

  it('ignores Ctrl-C (the worker finishes its jobs first), stops when closed and when its worker is gone', async () => {
    engine = new EngineProcess({ threads: 1, priority: 'normal' });
    await engine.start();
    const pid = engine.pid!;
    const running = engine.run(input());
    process.kill(pid, 'SIGINT');
    expect((await running).report.rows).toBe(sampleItems().length);
    await engine.close();
    expect(isRunning(pid)).toBe(false);
    await expect(engine.run(input())).rejects.toThrow('engine process is closed');

    // A worker killed outright: its engine process notices the closed channel and exits.
    const { logDir } = testEnv();
    const worker = await startWorker('worker-engine-orphan', ownQueueEnv('engine-orphan'), logDir);
    const [child] = childPids(worker.child.pid!);
    expect(isRunning(child)).toBe(true);
    await worker.stop('SIGKILL');
    await until(() => !isRunning(child));
  });

  it('a worker whose engine process cannot take SCHED_IDLE (no chrt) still exports, and says so once', async () => {
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
      const [engineProcess] = childPids(worker.child.pid!);
      expect(threadPriorities(engineProcess).every((t) => t.nice === 19 && t.policy !== SCHED_IDLE)).toBe(true);
      expect(untouched(worker.child.pid!)).toBe(true);
    } finally {
      await worker.stop();
      await api.stop();
    }
  });
});
