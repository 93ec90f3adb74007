import type ExcelJS from 'exceljs';
import { buildWorkbook, mapping, type CellInput } from './workbook-builders';

/** Small inputs for the check's tests (DESIGN §11): a template, a price list and rules between them. */

export const TEMPLATE_HEADER = ['Код МА', 'Код ГМ', 'Название', 'Цена', 'Мин. партия', 'Кратность', 'Штрихкод', 'Ед. изм.', 'Дата'];
export const PRICE_HEADER = ['Код МА', 'Код ГМ', 'Цена', 'Штрихкод', 'Ед', 'Дата'];

/** Codes → A, B; name → C; price → D; minQty/step → E/F; barcode → G; unit → H; date → I. */
export const CHECK_MAPPING = mapping({ manual: { ma: 1, gm: 2, name: 3, minQty: 5, step: 6 }, price: { '3': 4, '4': 7, '5': 8, '6': 9 }, keys: { ma: 1, gm: 2 } });

/** The template: its header in row 1 of `Данные`; `setup` adds validations and the like; `more` adds sheets. */
export function checkTemplate(setup?: (ws: ExcelJS.Worksheet) => void, header = TEMPLATE_HEADER, more: { name: string; rows: CellInput[][] }[] = []): Promise<Buffer> {
  return buildWorkbook([{ name: 'Данные', rows: [header], setup }, ...more]);
}

/** The price list: PRICE_HEADER in row 1, the rows from row 2. */
export function checkPrice(rows: CellInput[][], header: string[] = PRICE_HEADER): Promise<Buffer> {
  return buildWorkbook([{ name: 'Данные', rows: [header, ...rows] }]);
}

/** The same as a CSV the way Russian Excel saves it (`;`, decimal commas, a BOM). */
export function checkPriceCsv(rows: (string | number)[][], header: string[] = PRICE_HEADER): Buffer {
  const line = (cells: (string | number)[]) => cells.map((c) => (typeof c === 'number' ? String(c).replace('.', ',') : c)).join(';');
  return Buffer.from(`\ufeff${[header, ...rows].map(line).join('\r\n')}\r\n`, 'utf8');
}

export const dateCell = (y: number, m: number, d: number): CellInput => ({ value: new Date(Date.UTC(y, m - 1, d)), numFmt: 'dd.mm.yyyy' });

/** exceljs keeps a sheet's validation ranges in `dataValidations`, which its typings leave out. */
export function addValidation(ws: ExcelJS.Worksheet, range: string, validation: ExcelJS.DataValidation): void {
  (ws as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(range, validation);
}
