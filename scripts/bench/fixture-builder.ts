import ExcelJS from 'exceljs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultCompareSettings, type CompareSettings, type Item, type Mapping } from '@app/contracts';
import { readColumns } from '@app/export-engine';
import { benchItems, writePriceList, type PriceRow } from '@app/export-engine/testing/price-fixture';
import { toInlineStrings } from '@app/export-engine/testing/inline-strings';

/**
 * The benchmark's reference inputs, all deterministic: the seeded price list of the engine's
 * test fixture, an export template with a two-row merged header and pre-formatted empty rows,
 * items of which ~90% are in the price list (every 10th found one only by its GM code), and the
 * rules that connect them.
 */

/** Template: №, Код МА, Код ГМ, Наименование, Цена, Мин. партия, Кратность, Штрихкод, НДС, Дата, Производитель. */
export const BENCH_MAPPING: Mapping = {
  manualMapping: { ma: 2, gm: 3, name: 4, minQty: 6, step: 7 },
  // price column → template column: Цена, Штрихкод, НДС, Дата поставки, Производитель
  priceToTemplate: { '6': 5, '8': 8, '7': 9, '12': 10, '5': 11 },
  priceKeys: { ma: 2, gm: 3 },
};

export interface ExpectedReport {
  rows: number;
  matchedByMa: number;
  matchedByGm: number;
  unmatched: number;
}

export interface BenchInputs {
  price: string;
  template: string;
  itemsFile: string;
  items: Item[];
  mapping: Mapping;
  expected: ExpectedReport;
  priceBytes: number;
}

/** ~90% found; of the found, every 10th has a wrong MA (a code no row has) and matches by GM only. */
export function buildItems(rows: number, count: number): { items: Item[]; expected: ExpectedReport } {
  const missing = Math.round(count * 0.1);
  const items = benchItems(rows, count, missing);
  let byGm = 0;
  for (let k = 0; k < count - missing; k++) {
    if (k % 10 !== 5) continue;
    // Row codes are 1,000,000 + 7·i: +3 is never one of them, but looks just like one.
    items[k] = { ...items[k], ma: String(Number(items[k].ma) + 3).padStart(9, '0') };
    byGm++;
  }
  const found = count - missing;
  return { items, expected: { rows: count, matchedByMa: found - byGm, matchedByGm: byGm, unmatched: missing } };
}

const HEADER_2 = ['', 'Код МА', 'Код ГМ', 'Наименование товара', 'Цена закупки', 'Мин. партия', 'Кратность', 'Штрихкод', 'НДС, %', 'Дата поставки', 'Производитель'];
const WIDTHS = [6, 14, 12, 44, 14, 12, 11, 16, 8, 14, 28];
const FORMATS: Record<number, string> = { 2: '@', 3: '@', 5: '#,##0.00', 8: '@', 9: '0', 10: 'dd.mm.yyyy' };
const FORMATTED_ROWS = 20;

export async function writeTemplate(path: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'bench';
  const ws = wb.addWorksheet('Данные', {
    views: [{ state: 'frozen', ySplit: 2, xSplit: 1 }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  ws.columns = WIDTHS.map((width) => ({ width }));
  const border: Partial<ExcelJS.Borders> = { top: { style: 'thin' }, left: { style: 'thin' }, bottom: { style: 'thin' }, right: { style: 'thin' } };
  const head = { bold: true };
  const fill: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };

  ws.getCell('A1').value = '№';
  ws.getCell('B1').value = 'Товар';
  ws.getCell('E1').value = 'Условия поставки';
  ws.getCell('H1').value = 'Справочно';
  ws.mergeCells('A1:A2');
  ws.mergeCells('B1:D1');
  ws.mergeCells('E1:G1');
  ws.mergeCells('H1:K1');
  HEADER_2.forEach((title, i) => {
    if (title) ws.getCell(2, i + 1).value = title;
  });
  for (let r = 1; r <= 2; r++) {
    for (let c = 1; c <= HEADER_2.length; c++) {
      const cell = ws.getCell(r, c);
      cell.font = head;
      cell.fill = fill;
      cell.border = border;
      cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    }
  }
  // Empty data rows that already carry borders and number formats: the engine fills them in place.
  for (let r = 3; r < 3 + FORMATTED_ROWS; r++) {
    for (let c = 1; c <= HEADER_2.length; c++) {
      const cell = ws.getCell(r, c);
      cell.border = border;
      if (FORMATS[c]) cell.numFmt = FORMATS[c];
      if (c === 6 || c === 7) cell.dataValidation = { type: 'whole', operator: 'greaterThanOrEqual', formulae: [1], allowBlank: true, showErrorMessage: true };
    }
  }
  const notes = wb.addWorksheet('Инструкция');
  notes.getCell('A1').value = 'Заполните лист «Данные» начиная с третьей строки.';
  notes.getColumn(1).width = 70;
  await wb.xlsx.writeFile(path);
}

/**
 * Where the price list keeps its texts: `shared` in the shared-strings part (what Excel and most
 * writers do), `str` in the sheet as `t="str"` (exceljs's streaming writer without a string table),
 * `inline` in the sheet as `t="inlineStr"` (other streaming writers). Same rows in each.
 */
export const STRING_STYLES = ['shared', 'str', 'inline'] as const;
export type StringStyle = (typeof STRING_STYLES)[number];
export const STRING_STYLE_LABEL: Record<StringStyle, string> = {
  shared: 'shared strings',
  str: 'texts in the sheet, t="str"',
  inline: 'texts in the sheet, t="inlineStr"',
};

/** Writes price list, template and items into `dir`; `rows`-specific names so sizes can coexist. */
export async function buildInputs(dir: string, rows: number, itemCount: number, seed: number, strings: StringStyle = 'shared'): Promise<BenchInputs> {
  const price = join(dir, strings === 'shared' ? `price-${rows}.xlsx` : `price-${rows}-${strings}.xlsx`);
  const template = join(dir, 'template.xlsx');
  const itemsFile = join(dir, `items-${rows}-${itemCount}.json`);
  await writePriceList(price, { rows, seed, sharedStrings: strings === 'shared' });
  if (strings === 'inline') await writeFile(price, await toInlineStrings(await readFile(price)));
  await writeTemplate(template);
  const { items, expected } = buildItems(rows, itemCount);
  await writeFile(itemsFile, JSON.stringify({ items, mapping: BENCH_MAPPING }));
  const { size } = await stat(price);
  return { price, template, itemsFile, items, mapping: BENCH_MAPPING, expected, priceBytes: size };
}

/** The diff stage's inputs: a later version of the reference list and what comparing the two must find. */
export interface RevisionInputs {
  newer: string;
  /** JSON `{settings, expected}` for the stage's child. */
  diffFile: string;
  settings: CompareSettings;
  expected: DiffExpected;
}

export interface DiffExpected {
  added: number;
  removed: number;
  changed: number;
}

/**
 * Next week's version of the reference list (DESIGN §16), seeded like it: every 200th row gone,
 * as many new ones at the end, and about every 33rd price up by 1–10 % — a week a guard lets
 * through. Compared by what the benchmark task's rules suggest (`defaultCompareSettings`: its key
 * columns and, of its mapped columns, the price).
 */
export async function buildRevision(dir: string, price: string, rows: number, seed: number, strings: StringStyle = 'shared'): Promise<RevisionInputs> {
  const newer = join(dir, strings === 'shared' ? `price-${rows}-next.xlsx` : `price-${rows}-${strings}-next.xlsx`);
  const added = Math.floor(rows / 200);
  let removed = 0;
  let changed = 0;
  const edit = (i: number, row: PriceRow): PriceRow | null => {
    if (i % 200 === 100) {
      removed++;
      return null;
    }
    if (i % 33 !== 7) return row;
    const price = Math.round(row[5] * (101 + (i % 10))) / 100;
    if (price !== row[5]) changed++;
    return [...row.slice(0, 5), price, ...row.slice(6)] as PriceRow;
  };
  await writePriceList(newer, { rows, seed, sharedStrings: strings === 'shared', edit, addedRows: added });
  if (strings === 'inline') await writeFile(newer, await toInlineStrings(await readFile(newer)));
  const settings = defaultCompareSettings([{ mapping: BENCH_MAPPING }], (await readColumns(price, 'price')).columns);
  if (!settings) throw new Error('no compare settings for the reference list');
  const expected = { added, removed, changed };
  const diffFile = join(dir, `diff-${rows}.json`);
  await writeFile(diffFile, JSON.stringify({ settings, expected }));
  return { newer, diffFile, settings, expected };
}
