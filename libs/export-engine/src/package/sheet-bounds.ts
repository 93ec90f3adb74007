import { ENGINE_ERR, LIMITS, columnLetter, type EngineFileKind } from '@app/contracts';
import { EngineError } from './engine-error';
import { columnFromRef, rowFromRef } from './xml-text';

/**
 * Excel's sheet ends at XFD1048576 (DESIGN §15). A reference past it is refused wherever the
 * engine reads one: what a reader sizes from a column or row number (a column list, a merge's
 * columns) stays within the sheet, and no export holds a cell Excel would refuse.
 */

/** Text from a file quoted in a message: a hostile reference or part name may be a megabyte long. */
export function shownText(text: string): string {
  return text.length > 40 ? `${text.slice(0, 32)}…` : text;
}

export function cellOutOfSheet(ref: string, kind?: EngineFileKind): EngineError {
  return new EngineError('CELL_OUT_OF_SHEET', ENGINE_ERR.cellOutOfSheet(shownText(ref)), kind);
}

/** A row number past the sheet's last row. */
export function rowOutOfSheet(row: number, kind?: EngineFileKind): EngineError {
  return new EngineError('ROW_OUT_OF_SHEET', ENGINE_ERR.rowOutOfSheet(row, LIMITS.rowMax), kind);
}

/** The reference of a cell for a message, from its column and row (a cell written without `r`). */
export function cellRef(col: number, row: number): string {
  return `${letters(col)}${row}`;
}

/** Columns `<col min max>` gives a style to: refused past XFD. */
export function requireColumnsInSheet(min: number, max: number, kind?: EngineFileKind): void {
  if (min > LIMITS.columnMax || max > LIMITS.columnMax) throw cellOutOfSheet(`${letters(min)}:${letters(max)}`, kind);
}

/** A column's letters; a number far past XFD (or not finite) is shown by XFE and an ellipsis. */
function letters(col: number): string {
  return Number.isFinite(col) && col <= LIMITS.columnMax * 26 ? columnLetter(col) : `${columnLetter(LIMITS.columnMax + 1)}…`;
}

/**
 * Throws for a cell or range (`B3`, `A1:D7`, `A:A`, `1:1`) that reaches past XFD1048576; the
 * parts a reference leaves out (a whole column's rows) read as 0 and pass.
 */
export function requireInSheet(ref: string, kind?: EngineFileKind): void {
  const colon = ref.indexOf(':');
  const ends = colon < 0 ? [ref] : [ref.slice(0, colon), ref.slice(colon + 1)];
  for (const end of ends) {
    if (columnFromRef(end) > LIMITS.columnMax || rowFromRef(end) > LIMITS.rowMax) throw cellOutOfSheet(ref, kind);
  }
}
