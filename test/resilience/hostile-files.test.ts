import { randomUUID } from 'node:crypto';
import { CHECK_WARNING, ENGINE_ERR, LIMITS, type CheckResponse, type ExportRecord, type FileKind, type Mapping, type Task } from '@app/contracts';
import {
  billionLaughsTemplate,
  entityTemplate,
  longText,
  overlappingTemplate,
  plainTemplate,
  priceWithCellsBeyond,
  priceWithLongText,
  templateWithLongCell,
} from '@app/export-engine/testing/hostile-workbooks';
import { craftedEntriesOf, craftZip } from '@app/export-engine/testing/zip-craft';
import { rewriteParts } from '@app/export-engine/testing/zip-rewrite';
import { api, binary, createTask, upload } from '../support/api-client';
import { generate, readyTask } from '../support/generate-helpers';
import { bucket, objectsOf, sql } from '../support/inspect';
import { createList, uploadVersion } from '../support/price-lists';
import { readWorkbook } from '@app/export-engine/testing/workbook-builders';

/**
 * DESIGN §15 through the real API and worker: hostile workbooks, each built in code as the issue
 * describes it, are refused at upload with a 422 in Russian and nothing stored; a file stored
 * before the rules is refused by the engine at every read with the same words; a price-list text
 * too long for a cell is written cut, and the check's answer stays small.
 */
jest.setTimeout(120_000);

/** Code МА typed in; price column B (Цена) → template C, C (Описание) → D; key column detected. */
const RULES: Mapping = { manualMapping: { ma: 2, gm: 0, name: 0, minQty: 0, step: 0 }, priceToTemplate: { '2': 3, '3': 4 }, priceKeys: { ma: 0, gm: 0 } };
const ITEMS = [{ ma: '111' }, { ma: '222' }];

const doctype = (xml: string) => xml.replace(/^(<\?xml[^>]*\?>)/, '$1<!DOCTYPE sst [<!ENTITY x SYSTEM "file:///etc/passwd">]>');
const sheet = 'xl/worksheets/sheet1.xml';

const refusedAtUpload: [string, FileKind, () => Buffer | Promise<Buffer>, string][] = [
  ["the issue's price list with cells at XFE1, ZZZZZZZ1 and AAAAAAAAAAAA2", 'price', () => priceWithCellsBeyond(), ENGINE_ERR.cellOutOfSheet('XFE1')],
  ['a price list whose row is past 1,048,576', 'price', () => priceWithCellsBeyond(['A1048577']), ENGINE_ERR.rowOutOfSheet(1_048_577, LIMITS.rowMax)],
  ['a template with a merge past XFD', 'template', () => plainTemplate({ after: '<mergeCells count="1"><mergeCell ref="A1:BCDEF1"/></mergeCells>' }), ENGINE_ERR.cellOutOfSheet('A1:BCDEF1')],
  ["the issue's entity template (one 1,500-character entity, 330,000 references)", 'template', () => entityTemplate(), ENGINE_ERR.xmlDoctype(sheet)],
  ['billion laughs in a template', 'template', () => billionLaughsTemplate(), ENGINE_ERR.xmlDoctype(sheet)],
  ['a price list whose shared strings declare an external entity', 'price', () => rewriteParts(priceWithLongText(10), { 'xl/sharedStrings.xml': doctype }), ENGINE_ERR.xmlDoctype('xl/sharedStrings.xml')],
  ["the issue's template: 190 directory entries over one 2 MB entry", 'template', () => overlappingTemplate(), ENGINE_ERR.zipOverlap],
  ['a price list naming a part twice', 'price', async () => craftZip([...(await craftedEntriesOf(priceWithLongText(10))), { name: sheet, content: Buffer.from('<worksheet/>') }]), ENGINE_ERR.zipNameRepeated(sheet)],
  ['a template with a cell of 32,768 characters', 'template', () => templateWithLongCell(LIMITS.cellTextMax + 1), ENGINE_ERR.cellTooLong('D2', 'Данные', LIMITS.cellTextMax + 1)],
];

describe('hostile workbooks refused at upload', () => {
  it.each(refusedAtUpload)('%s: 422 in Russian, nothing stored, the previous file kept', async (_what, kind, make, message) => {
    const task = await createTask();
    const good = kind === 'price' ? priceWithLongText(10) : plainTemplate();
    await upload(task.id, kind, good, 'хороший.xlsx').expect(200);
    const objects = await objectsOf(task.id);
    const [before] = await sql<{ files: unknown }>('SELECT files FROM tasks WHERE id = $1', [task.id]);

    const res = await upload(task.id, kind, await make(), 'чужой.xlsx').expect(422);
    expect(res.body).toEqual({ error: message });

    expect(await objectsOf(task.id)).toEqual(objects);
    const [after] = await sql<{ files: unknown }>('SELECT files FROM tasks WHERE id = $1', [task.id]);
    expect(after.files).toEqual(before.files);
    const back = await api().get(`/api/tasks/${task.id}/files/${kind}`).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(back.body as Buffer, good)).toBe(0);
  });

  it('a price-list version is refused the same way: no version, no object', async () => {
    const list = await createList();
    const res = await uploadVersion(list.id, priceWithCellsBeyond()).expect(422);
    expect(res.body).toEqual({ error: ENGINE_ERR.cellOutOfSheet('XFE1') });
    expect((await api().get(`/api/price-lists/${list.id}/versions`).expect(200)).body).toEqual([]);
    expect(await bucket().list(`price-lists/${list.id}/`)).toEqual([]);
  });
});

/** Puts `bytes` in the bucket under a fresh key and points the task's file at it: a file that came before the rules. */
async function storedBefore(task: Task, kind: FileKind, bytes: Buffer): Promise<void> {
  const key = `tasks/${task.id}/${kind}/${randomUUID()}.xlsx`;
  await bucket().putBuffer(key, bytes);
  await sql(`UPDATE tasks SET files = jsonb_set(files, '{${kind},key}', to_jsonb($2::text)) WHERE id = $1`, [task.id, key]);
}

describe('hostile workbooks stored before the rules', () => {
  const reads = (task: Task, kind: FileKind, columns: boolean) => [
    ...(columns ? [['columns', () => api().get(`/api/tasks/${task.id}/files/${kind}/columns`)] as const] : []),
    ['check', () => api().post(`/api/tasks/${task.id}/check`)] as const,
    ['generate', () => generate(task.id)] as const,
  ];

  // `columns`: whether the columns call refuses it too (a long template cell is only shown cut there).
  it.each([
    ['a price list with cells past XFD', 'price', () => priceWithCellsBeyond(), ENGINE_ERR.cellOutOfSheet('XFE1'), true],
    ['the entity template', 'template', () => entityTemplate(), ENGINE_ERR.xmlDoctype(sheet), true],
    ['the overlapping template', 'template', () => overlappingTemplate(), ENGINE_ERR.zipOverlap, true],
    ['a template with a long cell', 'template', () => templateWithLongCell(LIMITS.cellTextMax + 1), ENGINE_ERR.cellTooLong('D2', 'Данные', LIMITS.cellTextMax + 1), false],
  ] as [string, FileKind, () => Buffer | Promise<Buffer>, string, boolean][])('%s: every read answers 422 naming the file, and the worker reads on', async (_what, kind, make, message, columns) => {
    const task = await readyTask(ITEMS, { rules: RULES, price: priceWithLongText(10), template: plainTemplate() });
    await storedBefore(task, kind, await make());
    for (const [what, read] of reads(task, kind, columns)) {
      const res = await read();
      expect({ what, status: res.status, body: res.body instanceof Buffer ? JSON.parse(res.body.toString('utf8')) : res.body }).toEqual({
        what,
        status: 422,
        body: { error: ENGINE_ERR.inFile(kind, message) },
      });
    }
    const exports = (await api().get(`/api/tasks/${task.id}/exports`).expect(200)).body as ExportRecord[];
    expect(exports.map((e) => e.status)).toEqual(['failed']);
    // The same worker answers the next task's export.
    const fine = await readyTask(ITEMS, { rules: RULES, price: priceWithLongText(10), template: plainTemplate() });
    expect((await generate(fine.id)).status).toBe(200);
  });
});

describe('a price-list text longer than a cell holds', () => {
  it('is written cut to 32,767 characters with value-cut; the check shows 1,000 of 2,000,000 and answers a few KB', async () => {
    const task = await readyTask(ITEMS, { rules: RULES, price: priceWithLongText(2_000_000), template: plainTemplate() });
    const res = await api().post(`/api/tasks/${task.id}/check`).expect(200);
    const check = res.body as CheckResponse;
    expect(check.warnings).toEqual([{ code: 'value-cut', item: 0, column: 4, message: CHECK_WARNING.valueCut('D', 2_000_000) }]);
    expect(String(check.rows[0].cells['4'])).toHaveLength(LIMITS.previewTextMax);
    expect(res.text.length).toBeLessThan(20_000);

    const out = await generate(task.id).expect(200);
    const cell = (await readWorkbook(out.body as Buffer)).getWorksheet('Данные')!.getCell('D2').value;
    expect(cell).toBe(longText(LIMITS.cellTextMax));
    const [latest] = (await api().get(`/api/tasks/${task.id}/exports`).expect(200)).body as ExportRecord[];
    expect(latest.report?.checkWarnings).toEqual({ 'value-cut': 1 });
  });
});

describe('the last cell of the sheet is no hostile file', () => {
  it('a price list with a cell at XFD1048576 is taken, and its columns are the sheet\'s 16,384', async () => {
    const task = await createTask();
    await upload(task.id, 'price', priceWithCellsBeyond(['XFD1048576', 'XFD1'])).expect(200);
    const columns = (await api().get(`/api/tasks/${task.id}/files/price/columns`).expect(200)).body as { columns: unknown[] };
    expect(columns.columns).toHaveLength(LIMITS.columnMax);
  });
});
