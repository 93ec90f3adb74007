import { ENGINE_ERR, LIMITS, type ExportWarning } from '@app/contracts';
import { EngineError } from '../package/engine-error';
import type { SheetTable } from './table-reader';
import { firstDataRow, rangesAfterData, type CellRange, type TemplateSheet } from './template-sheet';

const MAX_ROW = LIMITS.rowMax;

/** Where the items go in the data sheet, decided before any row is written. */
export interface FillLayout {
  /** The first item's row. */
  start: number;
  /** A table's totals rows [top, bottom], lifted out and written again `delta` rows lower, below the items. */
  totals?: { table: SheetTable; top: number; bottom: number; delta: number };
  warnings: ExportWarning[];
}

/**
 * DESIGN §5.4 with the two template shapes that it does not cover by itself: a table with a totals
 * row (the items go into the table's body and the totals row moves down, when nothing else in the
 * sheet depends on where it is), and merged cells in the rows the items would take (the items go
 * below them), and pivot tables (`pivots`: their ranges; the items go below them too, and no room
 * below is no room). `columns`: the columns that receive values. Throws when the items do not fit
 * in the sheet below the data area's start.
 */
export function planLayout(
  xml: string,
  sheet: TemplateSheet,
  tables: readonly SheetTable[],
  count: number,
  columns: ReadonlySet<number>,
  pivots: readonly CellRange[] = [],
): FillLayout {
  const layout = placeItems(xml, sheet, tables, count, columns, pivots);
  if (layout.start + count - 1 > MAX_ROW) {
    throw new EngineError('NO_ROOM_FOR_ITEMS', ENGINE_ERR.noRoomForItems(Math.max(0, MAX_ROW - layout.start + 1), count), 'template');
  }
  return layout;
}

function placeItems(
  xml: string,
  sheet: TemplateSheet,
  tables: readonly SheetTable[],
  count: number,
  columns: ReadonlySet<number>,
  pivots: readonly CellRange[],
): FillLayout {
  const warnings: ExportWarning[] = [];
  if (count === 0) return { start: firstDataRow(sheet), warnings };
  for (const { table, top, start } of totalsTables(sheet, tables)) {
    const delta = Math.max(0, start + count - top);
    const pivotBelow = pivots.some((p) => rowsOf(p).bottom >= start);
    if (!pivotBelow && canMoveTotals(xml, sheet, tables, table, start, delta)) return { start, totals: { table, top, bottom: table.range.bottom, delta }, warnings };
    warnings.push({ kind: 'tableNotExtended', table: table.name });
  }
  return { start: startBelowTaken(sheet, pivots, firstDataRow(sheet), count, columns, warnings), warnings };
}

/**
 * Where the template's data area starts (DESIGN §5.4), as the layout sees it before any item is
 * placed: in the body of a table with a totals row (the totals row is not the header), else below
 * the last row holding a value. The template's header is the row above (DESIGN §10).
 */
export function dataAreaStart(sheet: TemplateSheet, tables: readonly SheetTable[]): number {
  for (const { start } of totalsTables(sheet, tables)) return start;
  return firstDataRow(sheet);
}

/** The tables with a totals row whose body is where the data would start, with that start and the totals row's top. */
function* totalsTables(sheet: TemplateSheet, tables: readonly SheetTable[]): Generator<{ table: SheetTable; top: number; start: number }> {
  for (const table of tables) {
    if (table.totalsRows <= 0) continue;
    const top = table.range.bottom - table.totalsRows + 1;
    // What lies below the table makes moving its totals row unsafe, not the table any less the data area.
    const start = firstDataRow(sheet, (r) => r >= top);
    // Only the table whose body is where the data would start is the data area.
    if (start <= table.range.top || start < table.range.top + table.headerRows || start > top) continue;
    yield { table, top, start };
  }
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

/**
 * Merged cells over a row to be written would hide its values, and a pivot table there would be
 * broken: the data starts below the last such range. When the sheet has no room below, the rows are
 * written where they were and each merge over them is reported — unless a pivot table is there:
 * then there is no room (planLayout says how many rows fit).
 */
function startBelowTaken(
  sheet: TemplateSheet,
  pivots: readonly CellRange[],
  first: number,
  count: number,
  columns: ReadonlySet<number>,
  warnings: ExportWarning[],
): number {
  const taken = pivots.length === 0 ? sheet.merges : [...sheet.merges, ...pivots];
  if (count === 0 || taken.length === 0) return first;
  const overlapping = (start: number, ranges: readonly CellRange[]) =>
    ranges.filter((m) => rowsOf(m).bottom >= start && rowsOf(m).top <= start + count - 1 && hitsColumns(m, columns));
  let start = first;
  for (let over = overlapping(start, taken); over.length > 0; over = overlapping(start, taken)) {
    start = Math.max(...over.map((m) => rowsOf(m).bottom)) + 1;
    if (start + count - 1 > MAX_ROW) {
      if (overlapping(first, pivots).length > 0) return start;
      for (const m of overlapping(first, sheet.merges)) warnings.push({ kind: 'mergeOverData', ref: m.ref });
      return first;
    }
  }
  return start;
}

function hitsColumns(m: CellRange, columns: ReadonlySet<number>): boolean {
  const left = m.left || 1;
  const right = m.right || 16_384;
  for (const c of columns) if (c >= left && c <= right) return true;
  return false;
}
