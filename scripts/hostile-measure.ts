import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StorageService } from '@app/storage';
import { entityTemplate, overlappingTemplate, plainTemplate, priceWithCellsBeyond, priceWithLongText, templateWithLongCell } from '@app/export-engine/testing/hostile-workbooks';
import { memoryOf, resetPeak } from './bench/memory-probe';
import { IsolatedStack } from './isolated-stack';
import { personalToken } from './sign-in';

/**
 * Issue 34 (DESIGN §15): what each hostile workbook of the issue costs the real system now. An
 * isolated stack in production mode (the built API and one worker, as the benchmark's); for each
 * file, its upload (the API answers) and the read the issue made of it as a file stored before the
 * rules (the worker answers): the time to the answer and the peak RSS of the process that answered
 * (VmHWM, reset before each call), and a normal export of another task sent at the same moment,
 * against its time alone. No assertion: numbers for README's "What it survives".
 *
 *   npm run build && node dist/scripts/scripts/hostile-measure.js
 */

interface Case {
  name: string;
  kind: 'price' | 'template';
  file: () => Buffer | Promise<Buffer>;
  /** The call the issue made of it once stored. */
  read: 'columns' | 'check' | 'generate';
}

const CASES: Case[] = [
  { name: 'price list, cells at XFE1, ZZZZZZZ1, AAAAAAAAAAAA2', kind: 'price', file: () => priceWithCellsBeyond(), read: 'columns' },
  { name: 'price list, a cell at BCDEF1', kind: 'price', file: () => priceWithCellsBeyond(['BCDEF1']), read: 'columns' },
  { name: 'template, one entity referenced 330,000 times', kind: 'template', file: () => entityTemplate(), read: 'generate' },
  { name: 'template, 190 entries over one 2 MB entry', kind: 'template', file: () => overlappingTemplate(), read: 'generate' },
  { name: 'template, a 30 MB text cell', kind: 'template', file: () => templateWithLongCell(30 * 2 ** 20), read: 'generate' },
  { name: 'price list, a 30 MB text cell (cut, value-cut)', kind: 'price', file: () => priceWithLongText(30 * 2 ** 20), read: 'check' },
];

const RULES = { manualMapping: { ma: 2, gm: 0, name: 0, minQty: 0, step: 0 }, priceToTemplate: { '2': 3, '3': 4 }, priceKeys: { ma: 0, gm: 0 } };

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'pe-hostile-'));
  const password = randomBytes(12).toString('hex');
  const stack = new IsolatedStack({
    kind: 'pe_hostile',
    workDir,
    env: { NODE_ENV: 'production', ADMIN_USER: 'measure', ADMIN_PASSWORD: password, LOG_LEVEL: 'info', GENERATE_TIMEOUT_MS: '600000', UPLOAD_MAX_MB: '200' },
  });
  try {
    await stack.startS3();
    const api = await stack.startApi('api');
    const worker = await stack.startWorker('worker');
    const auth = { authorization: `Bearer ${await personalToken(api.url, 'measure', password, 'hostile-measure')}` };
    const call = async (method: string, path: string, body?: unknown) => {
      const t = performance.now();
      const res = await fetch(`${api.url}${path}`, {
        method,
        headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, ms: performance.now() - t, text };
    };
    const upload = async (taskId: string, kind: string, bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), `${kind}.xlsx`);
      const t = performance.now();
      const res = await fetch(`${api.url}/api/tasks/${taskId}/upload/${kind}`, { method: 'POST', body: form, headers: auth });
      const text = await res.text();
      return { status: res.status, ms: performance.now() - t, text };
    };
    const storage = new StorageService({ endpoint: stack.env.S3_ENDPOINT, accessKey: 'minioadmin', secretKey: 'minioadmin', bucket: stack.env.S3_BUCKET, region: 'us-east-1', timeoutMs: 30_000 });
    const pg = await stack.db();

    await call('PUT', '/api/mappings/global', RULES);
    const readyTask = async (name: string) => {
      const task = JSON.parse((await call('POST', '/api/tasks', { name })).text) as { id: string };
      await upload(task.id, 'price', priceWithLongText(10));
      await upload(task.id, 'template', plainTemplate());
      await call('PATCH', `/api/tasks/${task.id}`, { items: [{ ma: '111', gm: '', name: '', minQty: 1, step: 1 }, { ma: '222', gm: '', name: '', minQty: 1, step: 1 }], syncMapping: true });
      return task.id;
    };
    const other = await readyTask('другая задача');
    const alone: number[] = [];
    for (let i = 0; i < 5; i++) alone.push((await call('POST', `/api/tasks/${other}/generate`)).ms);
    alone.sort((a, b) => a - b);
    const baseline = memoryOf(worker.pid);
    process.stdout.write(`worker RSS at rest ${baseline.rssMb.toFixed(0)} MB (peak so far ${baseline.hwmMb.toFixed(0)} MB); API RSS ${memoryOf(api.pid).rssMb.toFixed(0)} MB\n`);
    process.stdout.write(`another task's export alone: median ${alone[2].toFixed(0)} ms\n\n`);

    const rows: string[] = ['| file | size | upload: answer, ms, API peak MB | stored before: call, answer, ms, worker peak MB | other export meanwhile |', '|---|---|---|---|---|'];
    for (const c of CASES) {
      const bytes = await c.file();
      const task = await readyTask(c.name);
      resetPeak(api.pid);
      const up = await upload(task, c.kind, bytes);
      const apiPeak = memoryOf(api.pid).hwmMb;

      const key = `tasks/${task}/${c.kind}/${randomUUID()}.xlsx`;
      await storage.putBuffer(key, bytes);
      await pg.query(`UPDATE tasks SET files = jsonb_set(files, '{${c.kind},key}', to_jsonb($2::text)) WHERE id = $1`, [task, key]);
      const path = c.read === 'columns' ? `/api/tasks/${task}/files/${c.kind}/columns` : `/api/tasks/${task}/${c.read}`;
      resetPeak(worker.pid);
      const [read, meanwhile] = await Promise.all([call(c.read === 'columns' ? 'GET' : 'POST', path), call('POST', `/api/tasks/${other}/generate`)]);
      const workerPeak = memoryOf(worker.pid).hwmMb;
      const said = (r: { status: number; text: string }) => (r.status === 200 ? `200, ${(r.text.length / 1024).toFixed(0)} KB` : `${r.status} ${JSON.parse(r.text).error?.slice(0, 60) ?? ''}…`);
      rows.push(
        `| ${c.name} | ${(bytes.length / 1024).toFixed(0)} KB | ${said(up)}, ${up.ms.toFixed(0)} ms, ${apiPeak.toFixed(0)} | ${c.read}: ${said(read)}, ${read.ms.toFixed(0)} ms, ${workerPeak.toFixed(0)} | ${meanwhile.status}, ${meanwhile.ms.toFixed(0)} ms |`,
      );
      process.stdout.write(`${rows[rows.length - 1]}\n`);
    }
    await pg.end();
    process.stdout.write(`\n${rows.join('\n')}\n`);
  } finally {
    const problems = await stack.close();
    if (problems.length) process.stderr.write(`cleanup: ${problems.join('; ')}\n`);
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
