import { EXPORT_HEADERS, ERR, XLSX_MIME, type ExportRecord } from '@app/contracts';
import { api, binary, createTask, upload } from '../support/api-client';
import { buildWorkbook, plain, readWorkbook } from '@app/export-engine/testing/workbook-builders';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { dataRows, generate, readyTask } from '../support/generate-helpers';
import { objectsOf, sql } from '../support/inspect';

/** What a careful person doing VLOOKUP by hand gets from price-sample.xlsx: MA → [price, barcode]. */
async function expectedLookup(): Promise<Map<string, { price: unknown; barcode: unknown; gm: string }>> {
  const wb = await readWorkbook(fixtureBytes('price-sample.xlsx'));
  const ws = wb.getWorksheet('Данные')!;
  const byMa = new Map<string, { price: unknown; barcode: unknown; gm: string }>();
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const ma = String(plain(row.getCell(2).value));
    if (!byMa.has(ma)) byMa.set(ma, { price: plain(row.getCell(6).value), barcode: plain(row.getCell(8).value), gm: String(plain(row.getCell(3).value)) });
  });
  return byMa;
}

describe('POST /api/tasks/:id/generate', () => {
  it('returns export.xlsx with the headers, every item on its row and the looked-up values', async () => {
    const items = sampleItems();
    const task = await readyTask(items);
    const res = await generate(task.id).expect(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['content-disposition']).toContain('filename="export.xlsx"');
    expect(res.headers[EXPORT_HEADERS.rows.toLowerCase()]).toBe(String(items.length));
    expect(res.headers[EXPORT_HEADERS.matched.toLowerCase()]).toBe(String(items.length - 1));
    expect(res.headers[EXPORT_HEADERS.unmatched.toLowerCase()]).toBe('1');
    const exportId = res.headers[EXPORT_HEADERS.id.toLowerCase()];
    expect(exportId).toMatch(/^[0-9a-f-]{36}$/);

    const wb = await readWorkbook(res.body);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Инструкция', 'Данные']);
    const rows = await dataRows(res.body);
    expect(rows).toHaveLength(items.length);
    const lookup = await expectedLookup();
    items.forEach((item, i) => {
      const row = rows[i];
      expect(row[1]).toBe(item.ma);
      expect(row[2]).toBe(item.gm);
      expect(row[3]).toBe(item.name);
      expect(row[5]).toBe(item.minQty);
      expect(row[6]).toBe(item.step);
      const hit = lookup.get(item.ma);
      expect(row[4]).toEqual(hit ? hit.price : null);
      expect(row[7]).toEqual(hit ? hit.barcode : null);
    });
    expect(typeof rows[0][4]).toBe('number');
  });

  it('records the export in the history (newest first) and serves the same file again', async () => {
    const task = await readyTask(sampleItems().slice(0, 3));
    const first = await generate(task.id).expect(200);
    const second = await generate(task.id).expect(200);
    const history = (await api().get(`/api/tasks/${task.id}/exports`).expect(200)).body as ExportRecord[];
    expect(history.map((e) => e.id)).toEqual([second.headers['x-export-id'], first.headers['x-export-id']]);
    expect(history[0]).toMatchObject({ status: 'done', taskId: task.id, error: null, size: (second.body as Buffer).length });
    expect(history[0].report).toMatchObject({ rows: 3, matchedByMa: 3, matchedByGm: 0, unmatched: [], duplicateKeys: 0 });
    const again = await api().get(`/api/tasks/${task.id}/exports/${history[1].id}/file`).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(again.body as Buffer, first.body as Buffer)).toBe(0);
    expect(again.headers['content-disposition']).toContain('export.xlsx');
    await api().get(`/api/tasks/${task.id}/exports/00000000-0000-4000-8000-000000000000/file`).expect(404);
  });

  it('answers 409 for a missing price list, template or items, and 404 for an unknown task', async () => {
    const task = await createTask();
    expect((await generate(task.id).expect(409)).body.toString()).toContain(ERR.noPrice);
    await upload(task.id, 'price', fixtureBytes('price-sample.xlsx')).expect(200);
    expect((await generate(task.id).expect(409)).body.toString()).toContain(ERR.noTemplate);
    await upload(task.id, 'template', fixtureBytes('template-sample.xlsx')).expect(200);
    expect(JSON.parse((await generate(task.id).expect(409)).body.toString())).toEqual({ error: ERR.noItems });
    await generate('00000000-0000-4000-8000-000000000000').expect(404);
    expect(await sql('SELECT 1 FROM exports WHERE task_id = $1', [task.id])).toHaveLength(0);
  });

  it('answers 422 with the engine message for a workbook it cannot use, and records the failure once', async () => {
    const price = await buildWorkbook([{ name: 'Данные', rows: [] }]);
    const task = await readyTask([{ ma: '0031000' }], { price });
    const res = await generate(task.id).expect(422);
    const { error } = JSON.parse(res.body.toString());
    expect(error).toMatch(/Прейскурант: лист «Данные» пустой/i);
    const history = (await api().get(`/api/tasks/${task.id}/exports`).expect(200)).body as ExportRecord[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'failed', error });
    const [row] = await sql<{ attempts: number }>('SELECT attempts FROM exports WHERE id = $1', [history[0].id]);
    expect(row.attempts).toBe(1);
  });

  it('serves several generations in parallel, each with its own file', async () => {
    const all = sampleItems();
    const tasks = await Promise.all([0, 1, 2, 3].map(async (k) => ({ k, task: await readyTask(all.slice(k, k + 3 + k)) })));
    const results = await Promise.all(tasks.map(async ({ k, task }) => ({ k, res: await generate(task.id).expect(200) })));
    for (const { k, res } of results) {
      const rows = await dataRows(res.body);
      expect(rows.map((r) => r[3])).toEqual(all.slice(k, k + 3 + k).map((i) => i.name));
    }
  });

  it('deleting the task removes its exports, rows and objects', async () => {
    const task = await readyTask(sampleItems().slice(0, 2));
    await generate(task.id).expect(200);
    expect((await objectsOf(task.id)).filter((k) => k.includes('/exports/'))).toHaveLength(1);
    await api().delete(`/api/tasks/${task.id}`).expect(204);
    expect(await objectsOf(task.id)).toEqual([]);
    expect(await sql('SELECT 1 FROM exports WHERE task_id = $1', [task.id])).toHaveLength(0);
    await api().get(`/api/tasks/${task.id}/exports`).expect(404);
  });
});
