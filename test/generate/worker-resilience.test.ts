import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERR, type ExportRecord, type Task } from '@app/contracts';
import { benchItems, writePriceList } from '@app/export-engine/testing/price-fixture';
import { api, binary, createTask, putGlobalMapping, upload } from '../support/api-client';
import { startApi, startWorker } from '../support/app-runner';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { dataRows, generate, readyTask, SAMPLE_RULES } from '../support/generate-helpers';
import { objectsOf, sql } from '../support/inspect';
import { testEnv } from '../support/test-env';
import { signedInAt } from '../support/auth';

const ROWS = 100_000;

/**
 * A world of its own (queue prefix) on the shared database and bucket, so workers can be killed
 * and started here without touching the other tests' worker.
 */
describe('the worker under stress: big price list, crashes, timeouts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pe-big-'));
  const { appEnv, logDir, runId } = testEnv();
  const env = { ...appEnv, QUEUE_PREFIX: `${appEnv.QUEUE_PREFIX}-stress`, JOB_LOCK_MS: '2000' };
  let apiUrl: string;
  let stopApi: () => Promise<unknown>;
  let task: Task;
  const workers: { stop(signal?: NodeJS.Signals): Promise<unknown> }[] = [];

  beforeAll(async () => {
    const price = join(dir, 'price-100k.xlsx');
    await writePriceList(price, { rows: ROWS, seed: 7 });
    await putGlobalMapping({ ...SAMPLE_RULES, priceToTemplate: { '6': 5, '8': 8 } });
    task = await createTask(`big ${runId}`);
    await upload(task.id, 'price', readFileSync(price)).expect(200);
    await upload(task.id, 'template', fixtureBytes('template-sample.xlsx')).expect(200);
    await api().patch(`/api/tasks/${task.id}`).send({ items: benchItems(ROWS, 2000, 200), syncMapping: true }).expect(200);
    const own = await startApi('api-stress', env, logDir);
    apiUrl = own.url;
    stopApi = () => own.stop();
  }, 180_000);

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop('SIGKILL')));
    await stopApi?.();
    rmSync(dir, { recursive: true, force: true });
  });

  const history = async () => (await api().get(`/api/tasks/${task.id}/exports`).expect(200)).body as ExportRecord[];

  async function waitForStatus(status: string, exportId?: string, timeoutMs = 60_000): Promise<ExportRecord> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const rows = await history();
      const hit = rows.find((r) => r.status === status && (!exportId || r.id === exportId));
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no export reached ${status}`);
  }

  async function waitForRunning(before: Set<string>): Promise<ExportRecord> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const hit = (await history()).find((e) => !before.has(e.id) && e.status === 'running');
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('the job never started');
  }

  it('a 100k-row job with a 2 s lock is never marked stalled (the engine runs off the main thread)', async () => {
    const worker = await startWorker('worker-stress-a', env, logDir);
    workers.push(worker);
    const res = await signedInAt(apiUrl).post(`/api/tasks/${task.id}/generate`).buffer(true).parse(binary).expect(200);
    expect(res.headers['x-export-rows']).toBe('2000');
    expect(res.headers['x-export-matched']).toBe('1800');
    const [row] = await sql<{ attempts: number }>('SELECT attempts FROM exports WHERE id = $1', [res.headers['x-export-id']]);
    expect(row.attempts).toBe(1);
    expect(worker.lines.some((l) => /stalled/.test(l))).toBe(false);
    const rows = await dataRows(res.body);
    expect(rows).toHaveLength(2000);
    await worker.stop();
    workers.pop();
  }, 180_000);

  it('a small export does not wait behind a big one: each runs in a thread of its own', async () => {
    const worker = await startWorker('worker-stress-share', env, logDir);
    workers.push(worker);
    const small = await readyTask(sampleItems());
    const before = new Set((await history()).map((e) => e.id));
    const big = signedInAt(apiUrl).post(`/api/tasks/${task.id}/generate`).buffer(true).parse(binary).then((r) => r);
    const running = await waitForRunning(before);
    const res = await generate(small.id, apiUrl).expect(200);
    expect(res.headers['x-export-rows']).toBe(String(sampleItems().length));
    // The small one is done while the big one is still being made.
    const [bigRow] = await sql<{ status: string }>('SELECT status FROM exports WHERE id = $1', [running.id]);
    expect(bigRow.status).toBe('running');
    expect((await big).status).toBe(200);
    await worker.stop();
    workers.pop();
  }, 180_000);

  it('a worker killed mid-job: another worker completes it once, nothing lost or doubled', async () => {
    const a = await startWorker('worker-stress-kill', env, logDir);
    workers.push(a);
    const before = new Set((await history()).map((e) => e.id));
    const pending = signedInAt(apiUrl).post(`/api/tasks/${task.id}/generate`).buffer(true).parse(binary);
    const done = pending.then((r) => r);
    const running = await waitForRunning(before);
    await a.stop('SIGKILL');
    workers.push(await startWorker('worker-stress-b', env, logDir));

    const res = await done;
    expect(res.status).toBe(200);
    expect(res.headers['x-export-id']).toBe(running.id);
    const after = (await history()).filter((e) => !before.has(e.id));
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: running.id, status: 'done' });
    const [row] = await sql<{ attempts: number }>('SELECT attempts FROM exports WHERE id = $1', [running.id]);
    expect(row.attempts).toBe(2);
    const exportObjects = (await objectsOf(task.id)).filter((k) => k.includes('/exports/'));
    expect(exportObjects.filter((k) => k.includes(running.id))).toHaveLength(1);
    expect((await dataRows(res.body as Buffer))).toHaveLength(2000);
  }, 180_000);

  it('answers 504 when the job outlives GENERATE_TIMEOUT_MS, and the job still lands in the history', async () => {
    const impatient = await startApi('api-impatient', { ...env, GENERATE_TIMEOUT_MS: '100' }, logDir);
    try {
      const res = await signedInAt(impatient.url).post(`/api/tasks/${task.id}/generate`).expect(504);
      expect(res.body).toEqual({ error: ERR.generateTimeout });
      const newest = (await history())[0];
      const landed = await waitForStatus('done', newest.id, 120_000);
      expect(landed.report?.rows).toBe(2000);
    } finally {
      await impatient.stop();
    }
  }, 180_000);
});
