import ExcelJS from 'exceljs';
import type { Item, Mapping } from '@app/contracts';
import { normalizeKey } from '@app/export-engine';

/**
 * `naive`: what a straightforward implementation does — exceljs loads the whole price list into a
 * Workbook, a Map from normalised MA and GM codes to rows is built, the template is loaded with
 * exceljs, one row per item is filled (manual fields, then the mapped price cells with their
 * number format, the formatting of the last pre-formatted row copied below it) and the workbook is
 * written to a buffer. Same matching rules as the engine (MA first, then GM, first occurrence wins).
 */
export interface NaiveResult {
  bytes: number;
  matchedByMa: number;
  matchedByGm: number;
  unmatched: number;
}

function pickSheet(wb: ExcelJS.Workbook): ExcelJS.Worksheet {
  const ws = wb.worksheets.find((s) => s.name.trim().toLowerCase() === 'данные') ?? wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  return ws;
}

function keyOf(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'string') return normalizeKey(value);
  if (typeof value === 'object' && 'richText' in value) return normalizeKey(value.richText.map((r) => r.text).join(''));
  if (typeof value === 'object' && 'result' in value) return keyOf(value.result as ExcelJS.CellValue);
  return normalizeKey(String(value));
}

export async function naiveExport(price: string, template: string, items: Item[], mapping: Mapping): Promise<NaiveResult> {
  const priceWb = new ExcelJS.Workbook();
  await priceWb.xlsx.readFile(price);
  const ps = pickSheet(priceWb);
  const maCol = mapping.priceKeys.ma;
  const gmCol = mapping.priceKeys.gm;
  const byMa = new Map<string, ExcelJS.Row>();
  const byGm = new Map<string, ExcelJS.Row>();
  ps.eachRow((row) => {
    const ma = keyOf(row.getCell(maCol).value);
    const gm = keyOf(row.getCell(gmCol).value);
    if (ma && !byMa.has(ma)) byMa.set(ma, row);
    if (gm && !byGm.has(gm)) byGm.set(gm, row);
  });

  const tplWb = new ExcelJS.Workbook();
  await tplWb.xlsx.readFile(template);
  const ts = pickSheet(tplWb);
  let lastValueRow = 0;
  let lastStyledRow = 0;
  ts.eachRow({ includeEmpty: true }, (row, n) => {
    if (row.values && (row.values as unknown[]).some((v) => v !== null && v !== undefined && v !== '')) lastValueRow = n;
    lastStyledRow = n;
  });
  const start = lastValueRow + 1;
  const styleRow = lastStyledRow > lastValueRow ? ts.getRow(lastStyledRow) : undefined;

  const result: NaiveResult = { bytes: 0, matchedByMa: 0, matchedByGm: 0, unmatched: 0 };
  const m = mapping.manualMapping;
  items.forEach((item, i) => {
    const n = start + i;
    const row = ts.getRow(n);
    if (styleRow && n > lastStyledRow) styleRow.eachCell({ includeEmpty: true }, (cell, c) => (row.getCell(c).style = { ...cell.style }));
    let source = byMa.get(normalizeKey(item.ma));
    if (source) result.matchedByMa++;
    else {
      source = byGm.get(normalizeKey(item.gm));
      if (source) result.matchedByGm++;
      else result.unmatched++;
    }
    if (source) {
      for (const [priceCol, tplCol] of Object.entries(mapping.priceToTemplate)) {
        const from = source.getCell(Number(priceCol));
        if (from.value === null || from.value === undefined) continue;
        const to = row.getCell(tplCol);
        to.value = from.value;
        if (!to.numFmt && from.numFmt) to.numFmt = from.numFmt;
      }
    }
    if (m.ma && item.ma) row.getCell(m.ma).value = item.ma;
    if (m.gm && item.gm) row.getCell(m.gm).value = item.gm;
    if (m.name && item.name) row.getCell(m.name).value = item.name;
    if (m.minQty) row.getCell(m.minQty).value = item.minQty;
    if (m.step) row.getCell(m.step).value = item.step;
    row.commit();
  });
  const out = await tplWb.xlsx.writeBuffer();
  result.bytes = out.byteLength;
  return result;
}
