import { PRICE_DIFF_XLSX, columnLetter } from '@app/contracts';
import { XlsxStreamWriter, type StreamCell } from '../package/xlsx-stream-writer';
import { changePct, diffValue, numberIn } from './diff-values';
import type { ComparedColumn, VersionMatch } from './version-compare';
import { Cell, type VersionTable } from './version-table';

/** Rows written between waits for the file: the writer deflates and writes in 256 KB pieces. */
const ROWS_PER_WAIT = 2_000;

/**
 * `diff.xlsx` (DESIGN §16): every change, one row each (code, column, was, now, Δ %), then the
 * codes added and removed with their compared values, each on its own sheet. Streamed to `path`
 * from the two tables, so its length costs no memory; a failed write leaves no file.
 */
export async function writeDiffWorkbook(path: string, match: VersionMatch, columns: readonly ComparedColumn[]): Promise<void> {
  const { before, after } = match;
  const x = PRICE_DIFF_XLSX;
  const book = await XlsxStreamWriter.create(path, [x.changesSheet, x.addedSheet, x.removedSheet]);
  try {
    const labels = columns.map((c) => x.column(columnLetter(c.column), c.header));
    let n = 0;
    const pace = async (written: Promise<void>) => {
      if (++n % ROWS_PER_WAIT === 0) await written;
    };

    await book.startSheet(x.changesHeader, [18, 30, 16, 16, 10]);
    for (const { afterRow, beforeRow, column } of match.changes(columns)) {
      const c = columns[column];
      const pct = changePct(numberIn(before, c.before, beforeRow), numberIn(after, c.after, afterRow));
      await pace(book.addRow([after.codeOf(afterRow), labels[column], cellOf(before, c.before, beforeRow), cellOf(after, c.after, afterRow), pct === null ? null : { oneDecimal: pct }]));
    }

    const widths = [18, ...columns.map(() => 16)];
    await book.startSheet([x.code, ...labels], widths);
    for (let j = 0; j < after.count; j++) {
      if (match.isAdded(j)) await pace(book.addRow([after.codeOf(j), ...columns.map((c) => cellOf(after, c.after, j))]));
    }
    await book.startSheet([x.code, ...labels], widths);
    for (let i = 0; i < before.count; i++) {
      if (match.isRemoved(i)) await pace(book.addRow([before.codeOf(i), ...columns.map((c) => cellOf(before, c.before, i))]));
    }
    await book.finish();
  } catch (err) {
    await book.abort();
    throw err;
  }
}

/** A kept cell as the workbook writes it: numbers and dates as such, the rest as the JSON shows it. */
function cellOf(t: VersionTable, slot: number, i: number): StreamCell {
  if (slot < 0) return null;
  const kind = t.kinds[slot][i];
  if (kind === Cell.number) return t.nums[slot][i];
  if (kind === Cell.date) return { date: t.nums[slot][i] };
  return diffValue(t, slot, i);
}
