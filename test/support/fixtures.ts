import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The shared sample spreadsheets (../shared/fixtures beside the repository). */
export const FIXTURES = resolve(__dirname, '../../../shared/fixtures');
export const fixture = (name: string) => resolve(FIXTURES, name);
export const fixtureBytes = (name: string) => readFileSync(fixture(name));

/** A small workbook built in code: `rows` go to a sheet named `sheetName`. */
export async function workbook(rows: unknown[][], sheetName = 'Данные'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

/** Items of items-sample.tsv (header skipped), as the API takes them. */
export function sampleItems(): { ma: string; gm: string; name: string; minQty: number; step: number }[] {
  const [, ...lines] = fixtureBytes('items-sample.tsv').toString('utf8').split(/\r?\n/).filter((l) => l.trim());
  return lines.map((line) => {
    const [ma, gm, name, minQty, step] = line.split('\t');
    return { ma, gm, name, minQty: Number(minQty), step: Number(step) };
  });
}
