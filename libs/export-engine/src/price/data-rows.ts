import { CellKind, cellRaw, readSheetCells, type RawSheetSink } from '../package/sheet-reader';
import { readSharedStrings } from '../package/shared-strings-reader';
import type { WorkbookParts } from '../package/workbook-locator';
import type { ZipSource } from '../package/zip-source';

/**
 * Counts a price list's data rows in one pass of the sheet (or CSV) scanner: the rows below the
 * header row that hold a value in at least one cell. So a list of 100,000 items under one header
 * has 100,000; title rows above the header and blank rows count for nothing; category and totals
 * rows inside the list count, being rows of it (the count says how long the list is, not how many
 * items it offers). A value is what the export and the column picker read as one: a formula
 * without a computed value, an empty string or one of spaces is none.
 *
 * A shared string cannot be judged here (its text lives in another part), so a row whose values
 * are all shared strings is counted apart (`sharedOnly`); see `countSheetRows`.
 */
export class DataRowCounter implements RawSheetSink {
  /** Rows below the header with a value that is no shared string. */
  rows = 0;
  /** Rows below the header whose only candidates for a value are shared strings. */
  sharedOnly = 0;
  /** The highest shared-string index among those rows' cells (-1: none). */
  maxShared = -1;
  private hasValue = false;
  private hasShared = false;

  /** `blank`: shared strings known to be blank (or missing), when a second pass judges them. */
  constructor(
    private readonly headerRow: number,
    private readonly blank?: { indices: ReadonlySet<number>; count: number },
  ) {}

  /** True, skipping the rest of the row, once the row is decided. */
  cell(row: number, _col: number, kind: CellKind, s: string, start: number, end: number): boolean {
    if (row <= this.headerRow) return true;
    const raw = cellRaw(kind, s, start, end);
    if (raw === null || raw.trim() === '') return false;
    if (kind === CellKind.shared) {
      const index = Number(raw);
      if (this.blank) {
        this.hasValue = index < this.blank.count && !this.blank.indices.has(index);
        return this.hasValue;
      }
      this.hasShared = true;
      if (index > this.maxShared) this.maxShared = index;
      return false;
    }
    this.hasValue = true;
    return true;
  }

  rowEnd(): void {
    if (this.hasValue) this.rows++;
    else if (this.hasShared) this.sharedOnly++;
    this.hasValue = false;
    this.hasShared = false;
  }
}

/**
 * The data rows of a workbook's used sheet. Most lists have a number in every row, so one pass
 * decides; rows of shared strings only are then settled from the string table: all of them count
 * when none of their strings is blank, and only otherwise (a writer that put `""` in the table)
 * is the sheet scanned again knowing which are.
 */
export async function countSheetRows(zip: ZipSource, parts: WorkbookParts, headerRow: number): Promise<number> {
  const scan = async (counter: DataRowCounter) => readSheetCells(await zip.openXmlStream(parts.dataSheet.entry), counter);
  const first = new DataRowCounter(headerRow);
  await scan(first);
  if (first.sharedOnly === 0) return first.rows;
  const blank = { indices: new Set<number>(), count: 0 };
  if (parts.sharedStrings) {
    await readSharedStrings(await zip.openXmlStream(parts.sharedStrings), (i, text) => {
      blank.count = i + 1;
      if (text.trim() === '') blank.indices.add(i);
    });
  }
  if (blank.indices.size === 0 && first.maxShared < blank.count) return first.rows + first.sharedOnly;
  const second = new DataRowCounter(headerRow, blank);
  await scan(second);
  return second.rows;
}
