import { LIMITS, columnLetter, cutText, type FileColumn } from '@app/contracts';
import type { CellRange } from '../template/template-sheet';

/** How a cell of the first rows reads for header detection: text, or a number/date (a value). */
export interface GridCell {
  text: string;
  numeric: boolean;
}

/** The first rows of a sheet as read for its columns: row → column → cell, and its merges. */
export interface SheetGrid {
  rows: Map<number, Map<number, GridCell>>;
  merges: CellRange[];
}

/** Rows among which a price list's header is looked for (DESIGN §10). */
export const HEADER_SCAN_ROWS = 30;
const HEADER_SHARE = 0.6;
const SAMPLES = 3;

/** The cell at (r, c), or the top-left cell of a merge over it: merged text counts everywhere it spans. */
export function cellAt(grid: SheetGrid, r: number, c: number): GridCell | undefined {
  const own = grid.rows.get(r)?.get(c);
  if (own) return own;
  const m = grid.merges.find((x) => x.top <= r && r <= x.bottom && x.left <= c && c <= x.right);
  return m ? grid.rows.get(m.top)?.get(m.left) : undefined;
}

/** The columns with text in row r, each with the cell its text comes from (a merge's top-left). */
function textColumns(grid: SheetGrid, r: number, columns: number[]): Map<number, GridCell> {
  const out = new Map<number, GridCell>();
  for (const c of columns) {
    const cell = cellAt(grid, r, c);
    if (cell && !cell.numeric && cell.text.trim() !== '') out.set(c, cell);
  }
  return out;
}

/** Every column holding a value (or under a merge) in the scanned rows: the table's width. */
function tableColumns(grid: SheetGrid): number[] {
  const cols = new Set<number>();
  for (const row of grid.rows.values()) for (const c of row.keys()) cols.add(c);
  for (const m of grid.merges) if (m.top <= HEADER_SCAN_ROWS && cols.has(m.left)) for (let c = m.left; c <= m.right; c++) cols.add(c);
  return [...cols].sort((a, b) => a - b);
}

/**
 * DESIGN §10: the first row with text in ≥ 60 % of the table's columns that is followed by a row
 * holding a number or date under its text. A row whose text is one merged cell is not header-like.
 * Rows between them that are not header-like (category rows, blank rows) are passed over; another header-like row first (the real header under a
 * merged title, or a two-row header's second row) disqualifies it. Without such a row: the first
 * header-like row, else the first row with anything in it.
 */
export function detectHeaderRow(grid: SheetGrid): number {
  const columns = tableColumns(grid);
  if (columns.length === 0) return 0;
  const need = Math.max(1, Math.ceil(columns.length * HEADER_SHARE - 1e-9));
  const rows = [...grid.rows.keys()].filter((r) => r <= HEADER_SCAN_ROWS).sort((a, b) => a - b);
  const last = rows[rows.length - 1] ?? 0;
  // One text spread by a merge over the table (a title, a category row) is no header.
  const headerLike = (r: number) => {
    const texts = textColumns(grid, r, columns);
    return texts.size >= need && (columns.length === 1 || new Set(texts.values()).size > 1);
  };
  let firstLike = 0;
  for (let r = 1; r <= last; r++) {
    if (!headerLike(r)) continue;
    firstLike ||= r;
    const texts = textColumns(grid, r, columns);
    for (let below = r + 1; below <= last; below++) {
      const values = [...texts.keys()].some((c) => grid.rows.get(below)?.get(c)?.numeric);
      if (values) return r;
      if (headerLike(below)) break;
    }
  }
  return firstLike || (rows[0] ?? 0);
}

/**
 * Each column's header (its own or a merge's text; a merged group title in the row above joined
 * in front) and its first values below the header, each cut to LIMITS.headerTextMax: a header is
 * remembered at most that long, and a 30 MB cell must not make a 30 MB answer.
 */
export function buildColumns(grid: SheetGrid, headerRow: number): FileColumn[] {
  const columns = tableColumns(grid);
  const lastCol = columns[columns.length - 1] ?? 0;
  const out: FileColumn[] = [];
  for (let c = 1; c <= lastCol; c++) {
    const own = headerRow > 0 ? (cellAt(grid, headerRow, c)?.text.trim() ?? '') : '';
    const group = groupTitle(grid, headerRow, c);
    const header = group && group !== own ? (own ? `${group} / ${own}` : group) : own;
    out.push({ index: c, letter: columnLetter(c), header: shown(header), samples: samplesOf(grid, headerRow, c).map(shown) });
  }
  return out;
}

/** A merge over several columns in the row above the header that ends above it: a group title. */
function groupTitle(grid: SheetGrid, headerRow: number, c: number): string {
  if (headerRow < 2) return '';
  const above = headerRow - 1;
  const m = grid.merges.find((x) => x.top <= above && above <= x.bottom && x.bottom < headerRow && x.left <= c && c <= x.right && x.right > x.left);
  return m ? (grid.rows.get(m.top)?.get(m.left)?.text.trim() ?? '') : '';
}

function samplesOf(grid: SheetGrid, headerRow: number, c: number): string[] {
  const out: string[] = [];
  const rows = [...grid.rows.keys()].filter((r) => r > headerRow).sort((a, b) => a - b);
  for (const r of rows) {
    const text = grid.rows.get(r)?.get(c)?.text.trim();
    if (text) out.push(text);
    if (out.length === SAMPLES) break;
  }
  return out;
}

const shown = (text: string) => cutText(text, LIMITS.headerTextMax, true);
