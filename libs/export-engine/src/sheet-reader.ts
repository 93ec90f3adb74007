import type { Readable } from 'node:stream';
import { CellKind } from './cell-kind';
import { readCellAttrs, readRowNumber, type CellAttrs } from './sheet-attrs';
import { localNameStart, nameIs, streamXmlRegions, type TagName } from './xml-stream';
import { decodeXmlText } from './xml-text';

export { CellKind } from './cell-kind';

export interface SheetSink {
  /** A cell that has a value; `style` is its `s` attribute (cellXfs index), 0 when absent. */
  cell(row: number, col: number, kind: CellKind, raw: string, style: number): void;
  rowEnd(row: number): void;
}

/**
 * The scanner's own sink: a cell's value is handed over as a position, s[start, end), so that
 * cells nobody looks at cost no string; `start` < 0 means `s` is the value itself (inline strings).
 * Pass it through `cellRaw` for the text `SheetSink.cell` would get. Returning true from `cell`
 * skips the rest of the row (its later cells are not read; `rowEnd` still comes).
 */
export interface RawSheetSink {
  cell(row: number, col: number, kind: CellKind, s: string, start: number, end: number, style: number): boolean | void;
  rowEnd(row: number): void;
}

/** The raw text of a scanned cell as `SheetSink.cell` gets it; null for a cell without a value. */
export function cellRaw(kind: CellKind, s: string, start: number, end: number): string | null {
  let raw = start < 0 ? s : s.slice(start, end);
  if (kind !== CellKind.number && kind !== CellKind.shared) {
    return raw.indexOf('&') >= 0 || raw.indexOf('_x') >= 0 ? decodeXmlText(raw) : raw;
  }
  const n = raw.length;
  if (n === 0) return null;
  if (raw.charCodeAt(0) <= 32 || raw.charCodeAt(n - 1) <= 32) {
    raw = raw.trim();
    if (raw === '') return null;
  }
  return raw;
}

/** Every cell with a value, as text (see `readSheetCells` for the scan itself). */
export async function readSheet(stream: Readable, sink: SheetSink): Promise<void> {
  await readSheetCells(stream, {
    cell(row, col, kind, s, start, end, style) {
      const raw = cellRaw(kind, s, start, end);
      if (raw !== null) sink.cell(row, col, kind, raw, style);
    },
    rowEnd: (row) => sink.rowEnd(row),
  });
}

/**
 * One streaming pass over a worksheet part. A hand-written scanner rather than a SAX parser: the
 * sheet of a 300k-row price list is ~150 MB of XML and only `<row>`, `<c>`, `<v>`, `<is>`/`<t>`
 * matter. Copes with missing `r` attributes (position follows the previous cell/row), namespace
 * prefixes (`<x:c>`), formulas (their cached `<v>` is the value) and rich inline strings.
 */
export async function readSheetCells(stream: Readable, sink: RawSheetSink): Promise<void> {
  const name: TagName = { start: 0, end: 0 };
  let inSheetData = false;
  let row = 0;
  let col = 0;
  let rowOpen = false;
  let inCell = false;
  let kind: CellKind = CellKind.number;
  let style = 0;
  /** The value is value[vStart, vEnd), or value itself when vStart < 0; null: no value. */
  let value: string | null = null;
  let vStart = -1;
  let vEnd = -1;
  /** The sink skipped the rest of a row whose `</row>` is in a later piece. */
  let skipping = false;
  let inInline = false;
  let inPhonetic = false;
  let inlineText = '';
  const cell: CellAttrs = { col: 0, kind: CellKind.number, style: 0 };
  let vOpen = '<v>';
  let vcClose = '</v></c>';
  let rowClose = '</row>';
  let plain = true;

  await streamXmlRegions(stream, (s) => {
    let pos = 0;
    if (skipping) {
      pos = skipRow(s, 0);
      if (skipping) return true;
    }
    for (;;) {
      const lt = s.indexOf('<', pos);
      if (lt < 0) break;
      const gt = s.indexOf('>', lt + 1);
      if (gt < 0) break;
      pos = gt + 1;
      const first = s.charCodeAt(lt + 1);
      if (first === 63 || first === 33) continue;
      const closing = first === 47;
      if (first === 99 && plain && inSheetData && s.charCodeAt(lt + 2) === 32) {
        // `<c …>` without a prefix, the bulk of the sheet: skip the generic name scan.
        name.start = lt + 1;
        name.end = lt + 2;
      } else {
        localNameStart(s, closing ? lt + 2 : lt + 1, gt, name);
      }
      const len = name.end - name.start;
      const c0 = s.charCodeAt(name.start);
      const selfClosing = !closing && s.charCodeAt(gt - 1) === 47;

      if (!inSheetData) {
        if (c0 === 115 && nameIs(s, name, 'sheetData')) {
          if (closing || selfClosing) return false;
          inSheetData = true;
          const prefix = s.slice(lt + 1, name.start);
          vOpen = `<${prefix}v>`;
          vcClose = `</${prefix}v></${prefix}c>`;
          rowClose = `</${prefix}row>`;
          plain = prefix === '';
        }
        continue;
      }
      if (len === 1 && c0 === 99) {
        // <c>
        if (closing) {
          if (inCell && emitCell()) pos = skipRow(s, pos);
          continue;
        }
        readCellAttrs(s, name.end, gt, cell);
        col = cell.col > 0 ? cell.col : col + 1;
        kind = cell.kind;
        style = cell.style;
        value = null;
        inlineText = '';
        inCell = !selfClosing;
        // Fast path for the usual `<c …><v>…</v></c>`: read it here instead of three more tags.
        if (inCell && (plain ? isVOpen(s, pos) : s.startsWith(vOpen, pos))) {
          const from = pos + vOpen.length;
          const to = s.indexOf('<', from);
          if (to >= 0 && (plain ? isVcClose(s, to) : s.startsWith(vcClose, to))) {
            value = s;
            vStart = from;
            vEnd = to;
            pos = to + vcClose.length;
            if (emitCell()) pos = skipRow(s, pos);
          }
        }
      } else if (len === 1 && c0 === 118) {
        // <v>: the value (or a formula's cached result)
        if (!closing && !selfClosing && inCell) {
          const end = s.indexOf('<', pos);
          value = s;
          vStart = pos;
          vEnd = end < 0 ? s.length : end;
        }
      } else if (len === 1 && c0 === 116) {
        // <t> inside <is>
        if (inInline && !inPhonetic && !closing && !selfClosing) {
          const end = s.indexOf('<', pos);
          inlineText += s.slice(pos, end < 0 ? s.length : end);
        }
      } else if (len === 3 && c0 === 114 && s.charCodeAt(name.start + 1) === 111) {
        // <row>
        if (closing) {
          if (rowOpen) sink.rowEnd(row);
          rowOpen = false;
          continue;
        }
        row = readRowNumber(s, name.end, gt, row);
        col = 0;
        rowOpen = !selfClosing;
        if (selfClosing) sink.rowEnd(row);
      } else if (len === 2 && c0 === 105 && s.charCodeAt(name.start + 1) === 115) {
        // <is>
        if (closing) {
          inInline = false;
          value = inlineText;
          vStart = -1;
        } else if (!selfClosing) {
          inInline = true;
          inlineText = '';
        }
      } else if (len === 3 && c0 === 114 && nameIs(s, name, 'rPh')) {
        inPhonetic = !closing && !selfClosing;
      } else if (closing && c0 === 115 && nameIs(s, name, 'sheetData')) {
        return false;
      }
    }
    return true;
  });

  /** Hands the cell to the sink; true when the sink skips the rest of the row. */
  function emitCell(): boolean {
    inCell = false;
    if (value === null) return false;
    return sink.cell(row, col, kind, value, vStart, vEnd, style) === true;
  }

  /** Where to go on after a skipped row's last read cell: after its `</row>`, maybe in a later piece. */
  function skipRow(s: string, pos: number): number {
    const close = s.indexOf(rowClose, pos);
    if (close < 0) {
      skipping = true;
      return s.length;
    }
    skipping = false;
    if (rowOpen) sink.rowEnd(row);
    rowOpen = false;
    return close + rowClose.length;
  }
}

/** `<v>` at p (char codes: cheaper than startsWith on a sliced string in this hot loop). */
function isVOpen(s: string, p: number): boolean {
  return s.charCodeAt(p) === 60 && s.charCodeAt(p + 1) === 118 && s.charCodeAt(p + 2) === 62;
}

/** `</v></c>` at p. */
function isVcClose(s: string, p: number): boolean {
  return (
    s.charCodeAt(p + 1) === 47 && s.charCodeAt(p + 2) === 118 && s.charCodeAt(p + 3) === 62 &&
    s.charCodeAt(p + 4) === 60 && s.charCodeAt(p + 5) === 47 && s.charCodeAt(p + 6) === 99 && s.charCodeAt(p + 7) === 62
  );
}

