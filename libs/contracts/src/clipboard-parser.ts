/**
 * Parsing of what a spreadsheet (Excel, LibreOffice, Google Sheets) puts on the clipboard as
 * text/plain: tab-separated cells, rows separated by `\r\n`, `\n` or `\r`, usually a trailing line
 * break, and cells holding a line break, a tab or a quote wrapped in double quotes with `""` as an
 * escaped quote. NBSP (U+00A0) becomes an ordinary space. Pure: no DOM.
 */

const NBSP = /\u00a0/g;

/** True when the text is more than a single cell's plain text (holds a tab or a line break). */
export function isTabularText(text: string): boolean {
  return /[\t\r\n]/.test(text);
}

/** Splits clipboard text into rows of cells. A trailing line break does not make an extra row. */
export function parseClipboardTable(text: string): string[][] {
  const src = text.replace(NBSP, ' ');
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = src.length;
  let atCellStart = true;

  const endRow = () => {
    rows.push(row);
    row = [];
  };

  while (i <= n) {
    if (i === n) {
      // End of text: close the last row unless the text ended right after a line break.
      if (!atCellStart || row.length > 0) {
        if (atCellStart) row.push('');
        endRow();
      }
      break;
    }
    const quoted = src[i] === '"' ? readQuoted(src, i) : null;
    let value: string;
    if (quoted) {
      value = quoted.value;
      i = quoted.end;
    } else {
      let j = i;
      while (j < n && src[j] !== '\t' && src[j] !== '\n' && src[j] !== '\r') j++;
      value = src.slice(i, j);
      i = j;
    }
    row.push(value);
    atCellStart = false;
    if (i >= n) {
      endRow();
      break;
    }
    const ch = src[i];
    if (ch === '\t') {
      i++;
      atCellStart = true;
      if (i === n) {
        row.push('');
        endRow();
        break;
      }
      continue;
    }
    // Line break: \r\n, \n or \r.
    i += ch === '\r' && src[i + 1] === '\n' ? 2 : 1;
    endRow();
    atCellStart = true;
    if (i === n) break;
  }
  return rows;
}

/**
 * Reads a quoted cell starting at `start` (which holds `"`). Returns null when the quote is not a
 * well-formed quoted cell (no closing quote followed by a tab, a line break or the end), in which
 * case the caller reads the cell literally.
 */
function readQuoted(src: string, start: number): { value: string; end: number } | null {
  let out = '';
  let i = start + 1;
  while (i < src.length) {
    const ch = src[i];
    if (ch === '"') {
      if (src[i + 1] === '"') {
        out += '"';
        i += 2;
        continue;
      }
      const next = src[i + 1];
      if (next === undefined || next === '\t' || next === '\n' || next === '\r') return { value: out, end: i + 1 };
      return null;
    }
    out += ch;
    i++;
  }
  return null;
}

/** Folds whitespace for comparing a cell with a column title: trimmed, runs to one space, lower case. */
function foldTitle(s: string): string {
  return s.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * True when the row repeats column titles (a header copied together with the data): it has at
 * least one non-empty cell and every non-empty cell equals one of the titles (ignoring case and
 * surrounding/duplicate whitespace).
 */
export function isHeaderRow(row: readonly string[], titles: readonly string[]): boolean {
  const known = new Set(titles.map(foldTitle));
  const cells = row.map(foldTitle).filter((c) => c !== '');
  return cells.length > 0 && cells.every((c) => known.has(c));
}

/** A cell as one line of text: line breaks inside it become spaces, outer spaces trimmed. */
export function cellToLine(cell: string): string {
  return cell.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
