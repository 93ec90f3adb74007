import type { Item, Mapping, Task } from '@app/contracts';
import { api, binary, createTask, putGlobalMapping, upload } from './api-client';
import { adminAt, signedInAt } from './auth';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { plain, readWorkbook } from '@app/export-engine/testing/workbook-builders';

/**
 * The rules a user of the sample files would set: codes, name and quantities typed in, price and
 * barcode looked up (template: №, Код МА, Код ГМ, Наименование товара, Цена закупки, Мин. партия,
 * Кратность, Штрихкод; price list: Артикул, Код МА, Код ГМ, Наименование, Производитель, Цена, НДС,
 * Штрихкод, Остаток).
 */
export const SAMPLE_RULES: Mapping = {
  manualMapping: { ma: 2, gm: 3, name: 4, minQty: 6, step: 7 },
  priceToTemplate: { '6': 5, '8': 8 },
  priceKeys: { ma: 0, gm: 0 },
};

/** A task with both files uploaded, the given items and (a copy of) the given rules. */
export async function readyTask(
  items: Partial<Item>[],
  options: { rules?: Mapping; price?: Buffer; template?: Buffer } = {},
): Promise<Task> {
  await putGlobalMapping(options.rules ?? SAMPLE_RULES);
  const task = await createTask();
  await upload(task.id, 'price', options.price ?? fixtureBytes('price-sample.xlsx')).expect(200);
  await upload(task.id, 'template', options.template ?? fixtureBytes('template-sample.xlsx')).expect(200);
  const res = await api().patch(`/api/tasks/${task.id}`).send({ items, syncMapping: true }).expect(200);
  return res.body as Task;
}

/** `baseUrl`: another API, of the run's database or one adminAt (sampleTaskAt) signed in to. */
export function generate(taskId: string, baseUrl?: string) {
  const agent = baseUrl ? signedInAt(baseUrl) : api();
  return agent.post(`/api/tasks/${taskId}/generate`).buffer(true).parse(binary);
}

/** The rows of the data sheet below the header, as plain values (rich text and formulas resolved). */
export async function dataRows(xlsx: Buffer, sheetName = 'Данные', headerRows = 1): Promise<unknown[][]> {
  const wb = await readWorkbook(xlsx);
  const ws = wb.getWorksheet(sheetName)!;
  const rows: unknown[][] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    if (n <= headerRows) return;
    const values: unknown[] = [];
    for (let c = 1; c <= ws.columnCount; c++) values.push(plain(row.getCell(c).value));
    rows.push(values);
  });
  return rows;
}

/**
 * The sample task (both sample files, the 13 sample items, the sample rules) on an API of a
 * test's own world: its database is not the run's, so the shared helpers above cannot reach it.
 */
export async function sampleTaskAt(url: string, name = 'образец'): Promise<string> {
  const admin = await adminAt(url);
  const at = () => admin;
  await at().put('/api/mappings/global').send(SAMPLE_RULES).expect(200);
  const task = (await at().post('/api/tasks').send({ name }).expect(201)).body as { id: string };
  await at().post(`/api/tasks/${task.id}/upload/price`).attach('file', fixtureBytes('price-sample.xlsx'), 'price.xlsx').expect(200);
  await at().post(`/api/tasks/${task.id}/upload/template`).attach('file', fixtureBytes('template-sample.xlsx'), 'template.xlsx').expect(200);
  await at().patch(`/api/tasks/${task.id}`).send({ items: sampleItems(), syncMapping: true }).expect(200);
  return task.id;
}
