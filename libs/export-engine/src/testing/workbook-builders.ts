import ExcelJS from 'exceljs';
import type { Item, Mapping } from '@app/contracts';

/** Test helpers: build small workbooks in code and read outputs back (exceljs is fine here). */

export type CellInput = ExcelJS.CellValue | { value: ExcelJS.CellValue; numFmt?: string };

export interface SheetSpec {
  name: string;
  rows: CellInput[][];
  /** Applied to the sheet after the rows are added (column widths, styles, merges…). */
  setup?: (ws: ExcelJS.Worksheet) => void;
}

export async function buildWorkbook(sheets: SheetSpec[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const spec of sheets) {
    const ws = wb.addWorksheet(spec.name);
    spec.rows.forEach((row, r) => {
      row.forEach((cell, c) => {
        if (cell === undefined || cell === null) return;
        const target = ws.getCell(r + 1, c + 1);
        if (typeof cell === 'object' && !(cell instanceof Date) && 'value' in cell && !('formula' in cell) && !('richText' in cell) && !('sharedFormula' in cell)) {
          target.value = cell.value;
          if (cell.numFmt) target.numFmt = cell.numFmt;
        } else {
          target.value = cell as ExcelJS.CellValue;
        }
      });
    });
    spec.setup?.(ws);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * A price list as 1C prints it: merged title rows and a blank row above the header (row 4),
 * merged category rows inside the list, two items, a date formatted as one.
 */
export function titledPriceList(): Promise<Buffer> {
  return buildWorkbook([
    {
      name: 'Прайс',
      rows: [
        ['Прайс-лист ООО «Ромашка»'],
        ['Действует с 01.02.2025'],
        [],
        ['Артикул', 'Наименование', 'Цена', 'Остаток'],
        ['Молочная продукция'],
        ['A-1', 'Молоко', 49.9, 10],
        ['Сыры'],
        ['A-2', 'Сыр', 120, { value: new Date(Date.UTC(2025, 1, 3)), numFmt: 'dd.mm.yyyy' }],
      ],
      setup: (ws) => {
        ws.mergeCells('A1:D1');
        ws.mergeCells('A5:D5');
      },
    },
  ]);
}

export async function readWorkbook(xlsx: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
  return wb;
}

export function mapping(partial: { manual?: Partial<Mapping['manualMapping']>; price?: Mapping['priceToTemplate']; keys?: Partial<Mapping['priceKeys']> } = {}): Mapping {
  return {
    manualMapping: { ma: 0, gm: 0, name: 0, minQty: 0, step: 0, ...partial.manual },
    priceToTemplate: partial.price ?? {},
    priceKeys: { ma: 0, gm: 0, ...partial.keys },
  };
}

export function item(ma: string, gm = '', name = '', minQty = 1, step = 1): Item {
  return { ma, gm, name, minQty, step };
}

/** A cell's value as a plain JS value (rich text joined, formula → its result, empty → null). */
export function plain(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'object' && !(v instanceof Date)) {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return v.result ?? null;
  }
  return v;
}
