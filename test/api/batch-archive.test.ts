import type ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BATCH_ERR, BATCH_SUMMARY_FILE, BATCH_UI, ERR, type CheckResponse, type Task } from '@app/contracts';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { plain, readWorkbook } from '@app/export-engine/testing/workbook-builders';
import { api, binary, createTask } from '../support/api-client';
import { userWithRole } from '../support/auth';
import { dataRows, generate, readyTask } from '../support/generate-helpers';
import { unzip, waitForBatch } from '../support/batches';
import { addVersion, createList } from '../support/price-lists';
import { sql } from '../support/inspect';
import { testEnv } from '../support/test-env';

const archive = (id: string, agent = api) => agent().get(`/api/batches/${id}/archive`).buffer(true).parse(binary);

/** Every cell of every sheet, as plain values: what two files must share to be the same export. */
async function cells(xlsx: Buffer): Promise<Record<string, unknown[][]>> {
  const wb = await readWorkbook(xlsx);
  const out: Record<string, unknown[][]> = {};
  wb.eachSheet((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, n) => {
      rows[n - 1] = [];
      row.eachCell({ includeEmpty: true }, (cell, c) => (rows[n - 1][c - 1] = plain(cell.value)));
    });
    out[ws.name] = rows;
  });
  return out;
}

describe('GET /api/batches/{id}/archive (DESIGN §12)', () => {
  it('holds every finished file named after its task (safe on Windows, unique) and Итоги.xlsx; each file equals a single export', async () => {
    const rename = async (task: Task, name: string) => (await api().patch(`/api/tasks/${task.id}`).send({ name }).expect(200)).body as Task;
    const tasks = [
      await rename(await readyTask(sampleItems()), 'Лента — неделя 48'),
      await rename(await readyTask(sampleItems().slice(0, 4)), 'Лента — неделя 48'),
      await rename(await readyTask(sampleItems().slice(2, 9)), 'Ашан: опт/розница? <new>*|"'),
      await rename(await readyTask(sampleItems().slice(1, 3)), 'CON'),
      await rename(await readyTask(sampleItems().slice(0, 1)), 'итоги'),
      await rename(await readyTask(sampleItems().slice(5, 6)), 'точка в конце. '),
    ];
    const bare = await createTask('пустая');
    const viewer = await userWithRole('viewer');
    const id = (await api().post('/api/batches').send({ action: 'generate', taskIds: [...tasks.map((t) => t.id), bare.id] }).expect(202)).body.id as string;
    const batch = await waitForBatch(id);

    const res = await archive(id, viewer.agent).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="batch\.zip"; filename\*=UTF-8''/);
    const files = await unzip(res.body);
    const names = ['Лента — неделя 48.xlsx', 'Лента — неделя 48 (2).xlsx', 'Ашан_ опт_розница_ _new____.xlsx', '_CON.xlsx', 'итоги (2).xlsx', 'точка в конце.xlsx'];
    expect([...files.keys()]).toEqual([...names, BATCH_SUMMARY_FILE]);

    for (const [i, task] of tasks.entries()) {
      const single = await generate(task.id).expect(200);
      expect(await cells(files.get(names[i])!)).toEqual(await cells(single.body));
      expect(await dataRows(files.get(names[i])!)).toHaveLength(batch.tasks[i].rows!);
    }

    const summary = (await readWorkbook(files.get(BATCH_SUMMARY_FILE)!)).getWorksheet(BATCH_UI.summarySheet)!;
    const rows: unknown[][] = [];
    summary.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1).map((v) => plain(v))));
    expect(rows[0]).toEqual([...BATCH_UI.summaryHeader]);
    expect(rows).toHaveLength(1 + tasks.length + 1);
    const t0 = batch.tasks[0];
    expect(rows[1].slice(0, 6)).toEqual([t0.name, BATCH_UI.status.done, t0.rows, t0.matched, t0.unmatched, t0.warnings]);
    expect(rows[1][10]).toBe(names[0]);
    expect(rows[tasks.length + 1][0]).toBe('пустая');
    expect(rows[tasks.length + 1][1]).toBe(BATCH_UI.status.failed);
    expect(rows[tasks.length + 1][11]).toBe(ERR.noPrice);
  });

  it('tasks following one price list: each export records the version it read and equals a single export (one shared read)', async () => {
    const list = await createList();
    const version = (await addVersion(list.id, fixtureBytes('price-sample.xlsx'), 'неделя 48.xlsx')).version;
    const tasks: Task[] = [];
    for (const items of [sampleItems(), sampleItems().slice(3, 10), sampleItems().slice(0, 2)]) {
      const task = await readyTask(items);
      await api().patch(`/api/tasks/${task.id}`).send({ priceListId: list.id }).expect(200);
      tasks.push(task);
    }
    const id = (await api().post('/api/batches').send({ action: 'generate', taskIds: tasks.map((t) => t.id) }).expect(202)).body.id as string;
    const batch = await waitForBatch(id);
    expect(batch.tasks.map((t) => t.status)).toEqual(['done', 'done', 'done']);
    const files = await unzip((await archive(id).expect(200)).body);
    for (const [i, task] of tasks.entries()) {
      const [row] = await sql<{ price_version_id: string }>('SELECT price_version_id FROM exports WHERE id = $1', [batch.tasks[i].exportId]);
      expect(row.price_version_id).toBe(version.id);
      expect(await cells(files.get(`${task.name}.xlsx`)!)).toEqual(await cells((await generate(task.id).expect(200)).body));
    }
  });

  it('a task the batch\'s one price read cannot answer for reads its file: generate and check equal single ones', async () => {
    // A code written like a number in exponent form makes the share refuse the other tasks (their own read would see it as damaged).
    const odd = await readyTask([...sampleItems().slice(0, 3), { ma: '4.6E+12', gm: '77', name: 'как число', minQty: 1, step: 1 }]);
    const tasks = [odd, await readyTask(sampleItems().slice(2, 8))];
    const id = (await api().post('/api/batches').send({ action: 'generate', taskIds: tasks.map((t) => t.id) }).expect(202)).body.id as string;
    const batch = await waitForBatch(id);
    expect(batch.tasks.map((t) => t.status)).toEqual(['done', 'done']);
    const files = await unzip((await archive(id).expect(200)).body);
    for (const task of tasks) expect(await cells(files.get(`${task.name}.xlsx`)!)).toEqual(await cells((await generate(task.id).expect(200)).body));
    const log = readFileSync(join(testEnv().logDir, 'worker.log'), 'utf8');
    expect(log).toMatch(new RegExp(`"batchId":"${id}","taskId":"${tasks[1].id}","msg":"the shared price read does not answer`));

    const checks = await waitForBatch((await api().post('/api/batches').send({ action: 'check', taskIds: tasks.map((t) => t.id) }).expect(202)).body.id);
    for (const [i, task] of tasks.entries()) {
      const single = (await api().post(`/api/tasks/${task.id}/check`).expect(200)).body as CheckResponse;
      expect(checks.tasks[i]).toMatchObject({ status: 'done', rows: single.rowsTotal, unmatched: single.missingItems.length, changes: { added: 0, removed: 0, changed: 0, lost: 0 } });
    }
  });

  it('answers 409 while the batch has no finished file', async () => {
    const bare = await createTask('ещё пустая');
    const id = (await api().post('/api/batches').send({ action: 'generate', taskIds: [bare.id] }).expect(202)).body.id as string;
    const batch = await waitForBatch(id);
    expect(batch.tasks[0]).toMatchObject({ status: 'failed', error: ERR.noPrice });
    const res = await api().get(`/api/batches/${id}/archive`).expect(409);
    expect(res.body.error).toBe(BATCH_ERR.nothingToDownload);

    const task = await readyTask(sampleItems().slice(0, 2));
    const check = (await api().post('/api/batches').send({ action: 'check', taskIds: [task.id] }).expect(202)).body.id as string;
    await waitForBatch(check);
    expect((await api().get(`/api/batches/${check}/archive`).expect(409)).body.error).toBe(BATCH_ERR.nothingToDownload);
  });
});
