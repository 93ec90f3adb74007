import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERR, type ExportRecord } from '@app/contracts';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { benchItems, writePriceList } from '@app/export-engine/testing/price-fixture';
import { rewriteParts } from '@app/export-engine/testing/zip-rewrite';
import type { StackProcess } from '../../scripts/app-launcher';
import { api, createTask, upload } from '../support/api-client';
import { startApi, startWorker } from '../support/app-runner';
import { agentWith, adminAuthorization } from '../support/auth';
import { waitForBatch } from '../support/batches';
import { binary } from '../support/api-client';
import { readyTask } from '../support/generate-helpers';
import { objectsOf } from '../support/inspect';
import { ownQueueEnv } from '../support/own-world';
import { testEnv } from '../support/test-env';

/**
 * DESIGN §15: every job that opens a user's file runs the engine in a thread with a heap and a
 * time bound. A file past either is refused at once (422, never retried); the worker process and
 * the other jobs it runs live on. The bounds are made small here so that honest files exceed them:
 * a template whose data sheet is 27 MB (within the 32 MB limit, it needs ~150 MB of heap and a
 * second or two), and a 100,000-row price list.
 */
jest.setTimeout(240_000);

/** The sample template with ~120,000 rows of text in its data sheet (random, so it compresses as text does). */
async function heavyTemplate(): Promise<Buffer> {
  let seed = 7;
  const text = (n: number) => Array.from({ length: n }, () => ((seed = (seed * 48271) % 2147483647) % 36).toString(36)).join('');
  return rewriteParts(fixtureBytes('template-sample.xlsx'), {
    'xl/worksheets/sheet2.xml': (xml: string) => {
      const rows: string[] = [];
      for (let r = 3; r < 120_003; r++) rows.push(`<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${text(40)}</t></is></c><c r="C${r}" t="inlineStr"><is><t>${text(60)}</t></is></c></row>`);
      return xml.replace('</sheetData>', `${rows.join('')}</sheetData>`);
    },
  });
}

/** The highest resident memory of a process so far (VmHWM), in MB. */
const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe('engine threads with memory and time bounds', () => {
  const { logDir } = testEnv();
  let heavyTask: string;
  let sampleTask: string;

  beforeAll(async () => {
    sampleTask = (await readyTask(sampleItems())).id;
    heavyTask = (await readyTask(sampleItems(), { template: await heavyTemplate() })).id;
  }, 120_000);

  /** An API and a worker on a queue of their own, the worker with the given bounds. */
  async function world(name: string, bounds: Record<string, string>): Promise<{ url: string; worker: StackProcess; stop: () => Promise<void> }> {
    const env = ownQueueEnv(name, { GENERATE_TIMEOUT_MS: '60000' });
    const own = await startApi(`api-${name}`, env, logDir);
    const worker = await startWorker(`worker-${name}`, { ...env, ...bounds }, logDir);
    return { url: own.url, worker, stop: async () => void (await Promise.all([worker.stop(), own.stop()])) };
  }

  const at = (url: string) => agentWith(url, { Authorization: adminAuthorization() });
  const generate = (url: string, taskId: string) => at(url).post(`/api/tasks/${taskId}/generate`).buffer(true).parse(binary);
  const errorOf = (res: { body: unknown }) => (JSON.parse((res.body as Buffer).toString()) as { error: string }).error;
  const history = async (taskId: string) => (await api().get(`/api/tasks/${taskId}/exports`).expect(200)).body as ExportRecord[];

  it('a file past the heap bound is refused at once and never retried; the export beside it is made, and the worker lives on', async () => {
    const { url, worker, stop } = await world('heap', { ENGINE_THREAD_HEAP_MB: '64' });
    try {
      await generate(url, sampleTask).expect(200); // warm: the thread the sample export will run in
      const started = Date.now();
      const [heavy, beside] = await Promise.all([generate(url, heavyTask), generate(url, sampleTask)]);
      const refusedMs = Date.now() - started;
      expect(heavy.status).toBe(422);
      expect(errorOf(heavy)).toBe(ERR.fileTooComplex(ERR.boundHeap(64)));
      expect(beside.status).toBe(200);
      // Never retried: one attempt, its row failed with the same message.
      const [row] = await history(heavyTask);
      expect(row).toMatchObject({ status: 'failed', error: ERR.fileTooComplex(ERR.boundHeap(64)) });
      expect(worker.lines.filter((l) => l.includes('export attempt failed'))).toHaveLength(1);
      // The check and the template's columns open the same file: refused alike.
      const check = await at(url).post(`/api/tasks/${heavyTask}/check`).send({});
      expect(check.status).toBe(422);
      expect(check.body).toEqual({ error: ERR.fileTooComplex(ERR.boundHeap(64)) });
      const columns = await at(url).get(`/api/tasks/${heavyTask}/files/template/columns`);
      expect(columns.status).toBe(422);
      expect(columns.body).toEqual({ error: ERR.fileTooComplex(ERR.boundHeap(64)) });
      // The same process, still taking jobs.
      expect(worker.child.exitCode).toBeNull();
      await generate(url, sampleTask).expect(200);
      process.stdout.write(`heap bound 64 MB: 422 in ${refusedMs} ms; worker peak RSS ${peakMb(worker.pid).toFixed(0)} MB\n`);
    } finally {
      await stop();
    }
  });

  it('a file past the time bound is refused at once; the export beside it is made', async () => {
    const { url, worker, stop } = await world('time', { ENGINE_JOB_TIMEOUT_MS: '600' });
    try {
      // Two warm threads (on a busy machine a thread's start alone may take longer than this tiny bound).
      for (let i = 0; i < 20 && (await Promise.all([generate(url, sampleTask), generate(url, sampleTask)])).some((r) => r.status !== 200); i++);
      const started = Date.now();
      const [heavy, beside] = await Promise.all([generate(url, heavyTask), generate(url, sampleTask)]);
      const refusedMs = Date.now() - started;
      expect(heavy.status).toBe(422);
      expect(errorOf(heavy)).toBe(ERR.fileTooComplex(ERR.boundTime(1)));
      expect(beside.status).toBe(200);
      expect(worker.child.exitCode).toBeNull();
      process.stdout.write(`time bound 600 ms: 422 in ${refusedMs} ms\n`);
    } finally {
      await stop();
    }
  });

  it("an upload is checked in a bounded thread of the API: past the time bound it is refused and stored nowhere; the upload beside it is stored, and the API lives on", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pe-bounds-'));
    const own = await startApi('api-upload-bound', { ...ownQueueEnv('upload-bound'), ENGINE_JOB_TIMEOUT_MS: '200' }, logDir);
    try {
      const price = join(dir, 'price.xlsx');
      await writePriceList(price, { rows: 100_000, seed: 9 });
      const [big, small] = [await createTask('граница загрузки'), await createTask('загрузка рядом')];
      const send = (taskId: string, bytes: Buffer) => at(own.url).post(`/api/tasks/${taskId}/upload/price`).attach('file', bytes, 'price.xlsx');
      // The API keeps one thread warm; until it is, a small upload may run past this tiny bound too.
      for (let i = 0; i < 50 && (await send(small.id, fixtureBytes('price-sample.xlsx'))).status !== 200; i++) await new Promise((r) => setTimeout(r, 200));
      const objects = await objectsOf(big.id);
      // The small file reaches the check first (its body is tiny) and takes the warm thread.
      const [refused, beside] = await Promise.all([send(big.id, readFileSync(price)), send(small.id, fixtureBytes('price-sample.xlsx'))]);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ error: ERR.fileTooComplex(ERR.boundTime(1)) });
      expect(beside.status).toBe(200);
      expect(await objectsOf(big.id)).toEqual(objects);
      expect(((await api().get(`/api/tasks/${big.id}`).expect(200)).body as { files: { price: unknown } }).files.price).toBeNull();
      expect(own.child.exitCode).toBeNull();
      await at(own.url).get('/api/health').expect(200);
    } finally {
      await own.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a batch whose shared read of its price list runs past the time bound: each of its exports is refused with it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pe-bounds-'));
    const { url, worker, stop } = await world('share', { ENGINE_JOB_TIMEOUT_MS: '100' });
    try {
      const price = join(dir, 'price.xlsx');
      await writePriceList(price, { rows: 100_000, seed: 5 });
      const ids: string[] = [];
      for (const name of ['граница 1', 'граница 2']) {
        const task = await createTask(name);
        await upload(task.id, 'price', readFileSync(price)).expect(200);
        await upload(task.id, 'template', fixtureBytes('template-sample.xlsx')).expect(200);
        await api().patch(`/api/tasks/${task.id}`).send({ items: benchItems(100_000, 200, 20), syncMapping: true }).expect(200);
        ids.push(task.id);
      }
      const { id } = (await at(url).post('/api/batches').send({ action: 'generate', taskIds: ids }).expect(202)).body as { id: string };
      const batch = await waitForBatch(id, () => at(url));
      for (const row of batch.tasks) expect(row).toMatchObject({ status: 'failed', error: ERR.fileTooComplex(ERR.boundTime(1)) });
      expect(worker.lines.some((l) => l.includes('shared price read ran past an engine bound'))).toBe(true);
      expect(worker.child.exitCode).toBeNull();
    } finally {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
