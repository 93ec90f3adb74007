import { CellKind } from '../package/cell-kind';
import { numberText } from './csv-number';
import type { RawSheetSink } from '../package/sheet-reader';

const QUOTE = 34;
const LF = 10;
const CR = 13;
const AMP = 38;
const UNDERSCORE = 95;
export const SEMICOLON = 59;
export const TAB = 9;
export const COMMA = 44;
/** In this order on a tie: `;` is what Russian Excel and 1C write, a comma is also a decimal mark. */
const SEPARATORS = [SEMICOLON, TAB, COMMA];
const SAMPLE_RECORDS = 30;

/**
 * The separator that splits the first records most consistently: the most records sharing one
 * field count of at least two, then the higher count. Quotes are respected, so a comma inside a
 * quoted name or a decimal comma in a `;` file does not win. A 1C title line above the header
 * is one record among many and does not sway it.
 */
export function detectSeparator(text: string): number {
  let best = SEMICOLON;
  let bestScore = 0;
  let bestMode = 0;
  for (const sep of SEPARATORS) {
    const freq = new Map<number, number>();
    for (const n of fieldCounts(text, sep)) freq.set(n, (freq.get(n) ?? 0) + 1);
    let mode = 0;
    let score = 0;
    for (const [n, f] of freq) if (n >= 2 && (f > score || (f === score && n > mode))) [mode, score] = [n, f];
    if (score > bestScore || (score === bestScore && mode > bestMode)) [best, bestScore, bestMode] = [sep, score, mode];
  }
  return best;
}

/** Fields per non-empty record of the first SAMPLE_RECORDS, the scanner's quoting rules. */
function fieldCounts(text: string, sep: number): number[] {
  const counts: number[] = [];
  const n = text.length;
  let i = 0;
  let fields = 1;
  let atFieldStart = true;
  let empty = true;
  while (i < n && counts.length < SAMPLE_RECORDS) {
    const c = text.charCodeAt(i++);
    if (c === QUOTE && atFieldStart) {
      const close = closingQuote(text, i).close;
      i = close + 1;
      empty = false;
      atFieldStart = false;
    } else if (c === sep) {
      fields++;
      atFieldStart = true;
    } else if (c === LF || c === CR) {
      if (c === CR && text.charCodeAt(i) === LF) i++;
      if (!empty || fields > 1) counts.push(fields);
      fields = 1;
      atFieldStart = true;
      empty = true;
    } else {
      empty = false;
      atFieldStart = false;
    }
  }
  if (counts.length < SAMPLE_RECORDS && (!empty || fields > 1)) counts.push(fields);
  return counts;
}

/** The quote closing a field opened just before `from` (doubled quotes are literal); the text's end if none. */
function closingQuote(text: string, from: number): { close: number; doubled: boolean } {
  let j = from;
  let doubled = false;
  for (;;) {
    const q = text.indexOf('"', j);
    if (q < 0) return { close: text.length, doubled };
    if (text.charCodeAt(q + 1) !== QUOTE) return { close: q, doubled };
    doubled = true;
    j = q + 2;
  }
}

/**
 * One pass over a CSV text (latin1-held UTF-8, see csv-decoder.ts), feeding a sheet sink as the
 * xlsx scanner does: record n is row n, field k column k, empty fields are no cells. A field is
 * handed over as a position into the text where it can be, so fields nobody looks at cost no
 * string. Numbers (csv-number.ts) come as CellKind.number, the rest as CellKind.string.
 * A class for the reason SheetScanner is one: its method keeps its optimised code between calls.
 */
export class CsvScanner {
  constructor(private readonly sink: RawSheetSink) {}

  scan(text: string, sep: number): void {
    const n = text.length;
    let i = 0;
    let row = 0;
    while (i < n) {
      row++;
      let col = 0;
      let skip = false;
      for (;;) {
        col++;
        if (text.charCodeAt(i) === QUOTE) {
          const { close, doubled } = closingQuote(text, i + 1);
          const start = i + 1;
          // Anything between the closing quote and the separator is not part of a well-formed field.
          i = close + 1;
          while (i < n) {
            const c = text.charCodeAt(i);
            if (c === sep || c === LF || c === CR) break;
            i++;
          }
          if (!skip && close > start) skip = this.quoted(row, col, text, start, close, doubled);
        } else {
          const start = i;
          let special = false;
          while (i < n) {
            const c = text.charCodeAt(i);
            if (c === sep || c === LF || c === CR) break;
            if (c === AMP || c === UNDERSCORE) special = true;
            i++;
          }
          if (!skip && i > start) skip = this.field(row, col, text, start, i, special);
        }
        if (i >= n) break;
        const c = text.charCodeAt(i++);
        if (c === sep) continue;
        if (c === CR && text.charCodeAt(i) === LF) i++;
        break;
      }
      this.sink.rowEnd(row);
    }
  }

  private quoted(row: number, col: number, text: string, start: number, end: number, doubled: boolean): boolean {
    if (!doubled) {
      let special = false;
      for (let k = start; k < end && !special; k++) {
        const c = text.charCodeAt(k);
        special = c === AMP || c === UNDERSCORE;
      }
      return this.field(row, col, text, start, end, special);
    }
    const value = text.slice(start, end).replace(/""/g, '"');
    return this.field(row, col, value, 0, value.length, value.indexOf('&') >= 0 || value.indexOf('_') >= 0);
  }

  private field(row: number, col: number, s: string, start: number, end: number, special: boolean): boolean {
    const num = numberText(s, start, end);
    if (num === '') return this.sink.cell(row, col, CellKind.number, s, start, end, 0) === true;
    if (num !== undefined) return this.sink.cell(row, col, CellKind.number, num, -1, -1, 0) === true;
    if (!special) return this.sink.cell(row, col, CellKind.string, s, start, end, 0) === true;
    // cellRaw decodes XML escapes in text cells: escape the literal `&` and `_x` so they survive.
    const escaped = s.slice(start, end).replace(/&/g, '&amp;').replace(/_x/g, '_x005F_x');
    return this.sink.cell(row, col, CellKind.string, escaped, -1, -1, 0) === true;
  }
}
