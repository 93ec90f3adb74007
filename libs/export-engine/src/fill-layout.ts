import type { ExportWarning } from '@app/contracts';
import type { SheetTable } from './table-extender';
import { firstDataRow, rangesAfterData, type CellRange, type TemplateSheet } from './template-sheet';

/** Excel's last row. */
const MAX_ROW = 1_048_576;

/** Where the items go in the data sheet, decided before any row is written. */
export interface FillLayout {
  /** The first item's row. */
  start: number;
  /** A table's totals rows [top, bottom], lifted out and written again `delta` rows lower, below the items. */
  totals?: { table: SheetTable; top: number; bottom: number; delta: number };
  warnings: ExportWarning[];
}

/**
 * DESIGN §5.4 with a template shape that it does not cover by itself: a table with a totals row
 * (the items go into the table's body and the totals row moves down, when nothing else in the
 * sheet depends on where it is). `columns`: the columns that receive values.
 */
export function planLayout(xml: string, sheet: TemplateSheet, tables: readonly SheetTable[], count: number, _columns: ReadonlySet<number>): FillLayout {
  const warnings: ExportWarning[] = [];
  if (count === 0) return { start: firstDataRow(sheet), warnings };
  for (const table of tables) {
    if (table.totalsRows <= 0) continue;
    const top = table.range.bottom - table.totalsRows + 1;
    const bottom = table.range.bottom;
    // What lies below the table makes moving its totals row unsafe, not the table any less the data area.
    const start = firstDataRow(sheet, (r) => r >= top);
    // Only the table whose body is where the data would start is the data area.
    if (start <= table.range.top || start < table.range.top + table.headerRows || start > top) continue;
    const delta = Math.max(0, start + count - top);
    if (canMoveTotals(xml, sheet, tables, table, start, delta)) return { start, totals: { table, top, bottom, delta }, warnings };
    warnings.push({ kind: 'tableNotExtended', table: table.name });
  }
  return { start: firstDataRow(sheet), warnings };
}

/**
 * Moving the totals row is safe when nothing else sits at or below it: no row, no other table, no
 * merge, conditional format, validation or hyperlink whose cells would then be the wrong ones.
 */
function canMoveTotals(xml: string, sheet: TemplateSheet, tables: readonly SheetTable[], table: SheetTable, start: number, delta: number): boolean {
  const bottom = table.range.bottom;
  const totalsTop = bottom - table.totalsRows + 1;
  if (bottom + delta > MAX_ROW) return false;
  if (sheet.rows.some((r) => r.r > bottom)) return false;
  if (tables.some((t) => t !== table && rowsOf(t.range).bottom >= start)) return false;
  // A merge in the body would hide items; a conditional format over the body alone may stay.
  if (sheet.merges.some((m) => rowsOf(m).bottom >= start)) return false;
  return !rangesAfterData(xml, sheet).some((g) => rowsOf(g).bottom >= totalsTop);
}

/** Rows of a range; a whole-column ref (`A:A`) spans the sheet. */
function rowsOf(g: CellRange): { top: number; bottom: number } {
  return { top: g.top || 1, bottom: g.bottom || MAX_ROW };
}
