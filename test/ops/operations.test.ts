import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { EXPORT_QUEUE, HOUSEKEEPING_JOB, type Task } from '@app/contracts';
import { redisOptions } from '@app/config';
import { api, binary } from '../support/api-client';
import { startApi, startWorker } from '../support/app-runner';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { readyTask } from '../support/generate-helpers';
import { bucket, sql } from '../support/inspect';
import { bigTask, ownQueueEnv, waitForExport } from '../support/own-world';
import { testEnv } from '../support/test-env';
import { freePort } from '../../scripts/app-processes';
import { signedInAt } from '../support/auth';

const jobIdsDone = (lines: string[]) =>
  lines.flatMap((l) => {
    try {
      const entry = JSON.parse(l) as { msg?: string; jobId?: string };
      return entry.msg === 'export done' && entry.jobId ? [entry.jobId] : [];
    } catch {
      return [];
    }
  });

describe('operations', () => {
  const { logDir } = testEnv();
  let big: Task;

  beforeAll(async () => {
    big = (await bigTask()).task;
  }, 180_000);

  it('two worker processes share the jobs; none is done twice', async () => {
    const env = ownQueueEnv('two');
    const own = await startApi('api-two', env, logDir);
    const workers = await Promise.all([startWorker('worker-two-a', env, logDir), startWorker('worker-two-b', env, logDir)]);
    try {
      const all = sampleItems();
      const tasks = await Promise.all(Array.from({ length: 8 }, (_, k) => readyTask(all.slice(k % 5, (k % 5) + 4))));
      const results = await Promise.all(tasks.map((t) => signedInAt(own.url).post(`/api/tasks/${t.id}/generate`).buffer(true).parse(binary)));
      const ids = results.map((r) => {
        expect(r.status).toBe(200);
        return r.headers['x-export-id'];
      });
      const [a, b] = workers.map((w) => jobIdsDone(w.lines));
      expect(a.length).toBeGreaterThan(0);
      expect(b.length).toBeGreaterThan(0);
      expect([...a, ...b].sort()).toEqual([...ids].sort());
      const attempts = await sql<{ attempts: number }>('SELECT attempts FROM exports WHERE id = ANY($1)', [ids]);
      expect(attempts.every((r) => r.attempts === 1)).toBe(true);
    } finally {
      await Promise.all([...workers.map((w) => w.stop()), own.stop()]);
    }
  }, 180_000);

  it('SIGTERM to a worker mid-job: it finishes the job, exits 0, and the job is done exactly once', async () => {
    const env = ownQueueEnv('term-worker');
    const own = await startApi('api-term-worker', env, logDir);
    const worker = await startWorker('worker-term', env, logDir);
    try {
      const pending = signedInAt(own.url).post(`/api/tasks/${big.id}/generate`).buffer(true).parse(binary).then((r) => r);
      const running = await waitForExport(big.id, (e) => e.status === 'running');
      const code = await worker.stop('SIGTERM');
      expect(code).toBe(0);
      const res = await pending;
      expect(res.status).toBe(200);
      expect(res.headers['x-export-id']).toBe(running.id);
      const [row] = await sql<{ attempts: number; status: string }>('SELECT attempts, status FROM exports WHERE id = $1', [running.id]);
      expect(row).toEqual({ attempts: 1, status: 'done' });
      expect(jobIdsDone(worker.lines)).toEqual([running.id]);
    } finally {
      await Promise.all([worker.stop(), own.stop()]);
    }
  }, 180_000);

  it('SIGTERM to the API mid-generate: the request in flight still gets its file, then the API exits', async () => {
    const env = ownQueueEnv('term-api');
    const own = await startApi('api-term', env, logDir);
    const worker = await startWorker('worker-term-api', env, logDir);
    try {
      const pending = signedInAt(own.url).post(`/api/tasks/${big.id}/generate`).buffer(true).parse(binary).then((r) => r);
      await waitForExport(big.id, (e) => e.status === 'running' || e.status === 'queued');
      const exited = own.stop('SIGTERM');
      const res = await pending;
      expect(res.status).toBe(200);
      expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
      expect(await exited).toBe(0);
    } finally {
      await Promise.all([worker.stop(), own.stop()]);
    }
  }, 180_000);

  it('a worker with WORKER_HEALTH_PORT answers its liveness probe while it consumes the queue', async () => {
    const port = await freePort();
    const worker = await startWorker('worker-health', ownQueueEnv('health', { WORKER_HEALTH_PORT: String(port) }), logDir);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'ok' });
    } finally {
      await worker.stop();
    }
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  it('housekeeping, run by a BullMQ job scheduler, removes exports (and the batches made with them) past EXPORT_RETENTION_DAYS and audit events past AUDIT_RETENTION_DAYS, and keeps newer ones', async () => {
    const task = await readyTask(sampleItems().slice(0, 2));
    await api().post(`/api/tasks/${task.id}/generate`).expect(200);
    await api().post(`/api/tasks/${task.id}/generate`).expect(200);
    const [old, recent] = await sql<{ id: string; object_key: string }>(
      'SELECT id, object_key FROM exports WHERE task_id = $1 ORDER BY created_at', [task.id],
    );
    await sql(`UPDATE exports SET created_at = now() - interval '31 days' WHERE id = $1`, [old.id]);
    // And audit events past AUDIT_RETENTION_DAYS (365 by default) go with them.
    const [oldEvent, newEvent] = await sql<{ id: string }>(
      `INSERT INTO audit_events (at, action, task_id) VALUES (now() - interval '366 days', 'task.create', $1), (now() - interval '364 days', 'task.create', $1) RETURNING id`,
      [task.id],
    );
    // A batch as old as the old export would otherwise read as a failed row of a removed export.
    const [oldBatch, newBatch] = await sql<{ id: string }>(
      `INSERT INTO batches (action, created_at) VALUES ('generate', now() - interval '31 days'), ('generate', now() - interval '29 days') RETURNING id`,
    );
    await sql(
      `INSERT INTO batch_rows (batch_id, position, task_id, task_name, export_id) VALUES ($1, 0, $3, 'old', $4), ($2, 0, $3, 'recent', $5)`,
      [oldBatch.id, newBatch.id, task.id, old.id, recent.id],
    );

    const env = ownQueueEnv('housekeeping', { HOUSEKEEPING_EVERY_MS: '1000', EXPORT_RETENTION_DAYS: '30' });
    const worker = await startWorker('worker-housekeeping', env, logDir);
    try {
      const queue = new Queue(EXPORT_QUEUE, { prefix: env.QUEUE_PREFIX, connection: redisOptions(env.REDIS_URL) });
      const schedulers = await queue.getJobSchedulers();
      await queue.close();
      expect(schedulers.map((s) => s.key)).toContain(HOUSEKEEPING_JOB);
      const deadline = Date.now() + 30_000;
      const leftOver = async () =>
        (await sql('SELECT 1 FROM exports WHERE id = $1', [old.id])).length + (await sql('SELECT 1 FROM audit_events WHERE id = $1', [oldEvent.id])).length;
      while (Date.now() < deadline && (await leftOver())) {
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await sql('SELECT 1 FROM exports WHERE id = $1', [old.id])).toHaveLength(0);
      expect(await bucket().stat(old.object_key)).toBeNull();
      expect(await sql('SELECT 1 FROM exports WHERE id = $1', [recent.id])).toHaveLength(1);
      expect(await bucket().stat(recent.object_key)).not.toBeNull();
      expect(await sql('SELECT id FROM audit_events WHERE id = ANY($1)', [[oldEvent.id, newEvent.id]])).toEqual([{ id: newEvent.id }]);
      expect(await sql('SELECT id FROM batches WHERE id = ANY($1)', [[oldBatch.id, newBatch.id]])).toEqual([{ id: newBatch.id }]);
      expect(await sql('SELECT task_name FROM batch_rows WHERE batch_id = ANY($1)', [[oldBatch.id, newBatch.id]])).toEqual([{ task_name: 'recent' }]);
    } finally {
      await worker.stop();
    }
  }, 120_000);

  it('logs JSON lines with a request id on API lines and the job id on worker job lines, never the items', async () => {
    const secretName = `Секретная позиция ${Date.now()}`;
    const task = await readyTask([{ ma: '0031000', name: secretName }]);
    const res = await api().post(`/api/tasks/${task.id}/generate`).set('X-Request-Id', 'trace-me-123').expect(200);
    expect(res.headers['x-request-id']).toBe('trace-me-123');
    await new Promise((r) => setTimeout(r, 300));
    const apiLines = readFileSync(join(logDir, 'api.log'), 'utf8').split('\n').filter(Boolean);
    const workerLines = readFileSync(join(logDir, 'worker.log'), 'utf8').split('\n').filter(Boolean);
    const parsed = apiLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const requestLines = parsed.filter((e) => e.req);
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.every((e) => typeof e.requestId === 'string')).toBe(true);
    expect(parsed.some((e) => e.requestId === 'trace-me-123')).toBe(true);
    const done = workerLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.msg === 'export done');
    expect(done.length).toBeGreaterThan(0);
    expect(done.every((e) => typeof e.jobId === 'string')).toBe(true);
    expect([...apiLines, ...workerLines].some((l) => l.includes(secretName))).toBe(false);
    expect(fixtureBytes('price-sample.xlsx').length).toBeGreaterThan(0);
  });
});
