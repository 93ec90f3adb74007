import { EMPTY_ITEM, ERR, LIMITS, MANUAL_FIELDS, UI, isEmptyItem, normalizeQty, parseQty } from '@app/contracts';
import type { Item } from '@app/contracts';
import { cellToLine, isHeaderRow, parseClipboardTable } from '@app/contracts/clipboard-parser';

/** The table's columns, in order. */
export const COLUMNS = MANUAL_FIELDS;
export type ColumnKey = (typeof COLUMNS)[number];
export const COLUMN_TITLES: readonly string[] = COLUMNS.map((c) => UI.columns[c]);
export const QTY_COLUMNS: ReadonlySet<ColumnKey> = new Set<ColumnKey>(['minQty', 'step']);

/** A row as edited: quantities stay text while typed and are normalised on blur and on save. */
export interface ItemRow {
  key: number;
  ma: string;
  gm: string;
  name: string;
  minQty: string;
  step: string;
}

let nextKey = 1;
export function newRowKey(): number {
  return nextKey++;
}

export function emptyRow(): ItemRow {
  return itemToRow(EMPTY_ITEM);
}

export function itemToRow(item: Item): ItemRow {
  return {
    key: newRowKey(),
    ma: item.ma ?? '',
    gm: item.gm ?? '',
    name: item.name ?? '',
    minQty: String(item.minQty ?? 1),
    step: String(item.step ?? 1),
  };
}

/** The rows shown for a task's items; an empty list still shows one empty row to type or paste into. */
export function itemsToRows(items: readonly Item[]): ItemRow[] {
  return items.length > 0 ? items.map(itemToRow) : [emptyRow()];
}

export function rowToItem(row: ItemRow): Item {
  return { ma: row.ma, gm: row.gm, name: row.name, minQty: normalizeQty(row.minQty), step: normalizeQty(row.step) };
}

/** A row the server drops on save: nothing typed but the default quantities (its texts are trimmed first). */
export function isBlankRow(row: ItemRow): boolean {
  const item = rowToItem(row);
  return isEmptyItem({ ...item, ma: item.ma.trim(), gm: item.gm.trim(), name: item.name.trim() });
}

/** The value a cell takes when typed, pasted or left (blur). */
export function cellValue(column: ColumnKey, raw: string, final: boolean): string {
  if (!QTY_COLUMNS.has(column)) return raw;
  const digits = raw.replace(/\D+/g, '');
  return final ? String(normalizeQty(digits)) : digits;
}

/**
 * Why a pasted quantity cannot be taken (`=1+1`, `1,5`, `12 шт`, past the maximum), as the row's
 * message (`Строка 4, «Мин. кол-во»: …`, the server's own words); null when it can.
 */
export function qtyRefusal(column: ColumnKey, text: string, rowNumber: number): string | null {
  const n = parseQty(text);
  if (n !== null && n <= LIMITS.qtyMax) return null;
  return ERR.itemField(rowNumber, UI.columns[column], n === null ? ERR.qtyDigitsOnly : ERR.qtyTooLarge(LIMITS.qtyMax));
}

/** A paste: the rows it makes, or the first row's message that refuses it whole (nothing is changed). */
export type PasteOutcome = { rows: ItemRow[] } | { refused: string };

/**
 * Pastes spreadsheet text into the rows: cells fill consecutive columns from `startCol`, lines
 * fill consecutive rows from `startRow`, missing rows are added at the end; cells beyond the last
 * column are dropped. A first line repeating the column titles is skipped. With `shown` (the rows
 * a filtered table shows, in order) the lines fill the shown rows from `startRow` on, as the user
 * sees them, and the rest are added at the end. A quantity that is not digits refuses the paste
 * with its row's message (DESIGN §15). Returns null when there is nothing to paste.
 */
export function pasteIntoRows(
  rows: readonly ItemRow[],
  startRow: number,
  startCol: number,
  text: string,
  shown?: readonly number[] | null,
): PasteOutcome | null {
  let grid = parseClipboardTable(text);
  if (grid.length > 0 && isHeaderRow(grid[0], COLUMN_TITLES)) grid = grid.slice(1);
  if (grid.length === 0) return null;
  const next = rows.slice();
  const from = shown ? shown.indexOf(startRow) : startRow;
  const order = shown && from >= 0 ? shown : null;
  let added = 0;
  for (const [r, cells] of grid.entries()) {
    const at = order ? (order[from + r] ?? rows.length + added++) : startRow + r;
    const row: ItemRow = { ...(next[at] ?? emptyRow()) };
    for (const [c, cell] of cells.entries()) {
      const column = COLUMNS[startCol + c];
      if (!column) continue;
      const line = cellToLine(cell);
      const refused = QTY_COLUMNS.has(column) ? qtyRefusal(column, line, at + 1) : null;
      if (refused) return { refused };
      row[column] = QTY_COLUMNS.has(column) ? String(parseQty(line)) : line;
    }
    next[at] = row;
  }
  return { rows: next };
}
