import type { Readable } from 'node:stream';
import { localNameStart, nameIs, streamXmlRegions, type TagName } from './xml-stream';
import { decodeXmlText } from './xml-text';

/** How a cell's `raw` text is to be read (from the `t` attribute). */
export const CellKind = {
  /** `<v>` is a number as written in the XML (`49.9`, `4.607001234567E12`). */
  number: 0,
  /** `<v>` is an index into the shared strings. */
  shared: 1,
  /** Inline string or a formula's string result: `raw` is the text itself. */
  string: 2,
  boolean: 3,
  error: 4,
  /** `t="d"`: an ISO 8601 date/time as text. */
  isoDate: 5,
} as const;
export type CellKind = (typeof CellKind)[keyof typeof CellKind];

export interface SheetSink {
  /** A cell that has a value; `style` is its `s` attribute (cellXfs index), 0 when absent. */
  cell(row: number, col: number, kind: CellKind, raw: string, style: number): void;
  rowEnd(row: number): void;
}

/**
 * One streaming pass over a worksheet part. A hand-written scanner rather than a SAX parser: the
 * sheet of a 300k-row price list is ~150 MB of XML and only `<row>`, `<c>`, `<v>`, `<is>`/`<t>`
 * matter. Copes with missing `r` attributes (position follows the previous cell/row), namespace
 * prefixes (`<x:c>`), formulas (their cached `<v>` is the value) and rich inline strings.
 */
export async function readSheet(stream: Readable, sink: SheetSink): Promise<void> {
  const name: TagName = { start: 0, end: 0 };
  let inSheetData = false;
  let row = 0;
  let col = 0;
  let rowOpen = false;
  let inCell = false;
  let kind: CellKind = CellKind.number;
  let style = 0;
  let value: string | null = null;
  let inInline = false;
  let inPhonetic = false;
  let inlineText = '';
  const attr = { r: '', t: '', s: '' };
  const cell: CellAttrs = { col: 0, kind: CellKind.number, style: 0 };
  let vOpen = '<v>';
  let vcClose = '</v></c>';
  let plain = true;

  await streamXmlRegions(stream, (s) => {
    let pos = 0;
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
          plain = prefix === '';
        }
        continue;
      }
      if (len === 1 && c0 === 99) {
        // <c>
        if (closing) {
          if (inCell) emitCell();
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
          const vStart = pos + vOpen.length;
          const vEnd = s.indexOf('<', vStart);
          if (vEnd >= 0 && (plain ? isVcClose(s, vEnd) : s.startsWith(vcClose, vEnd))) {
            value = s.slice(vStart, vEnd);
            pos = vEnd + vcClose.length;
            emitCell();
          }
        }
      } else if (len === 1 && c0 === 118) {
        // <v>: the value (or a formula's cached result)
        if (!closing && !selfClosing && inCell) {
          const end = s.indexOf('<', pos);
          value = s.slice(pos, end < 0 ? s.length : end);
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
        readAttrs(s, name.end, gt, attr);
        row = attr.r ? parseInt(attr.r, 10) || row + 1 : row + 1;
        col = 0;
        rowOpen = !selfClosing;
        if (selfClosing) sink.rowEnd(row);
      } else if (len === 2 && c0 === 105 && s.charCodeAt(name.start + 1) === 115) {
        // <is>
        if (closing) {
          inInline = false;
          value = inlineText;
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

  function emitCell(): void {
    inCell = false;
    if (value === null) return;
    let raw = value;
    if (kind !== CellKind.number && kind !== CellKind.shared && (raw.indexOf('&') >= 0 || raw.indexOf('_x') >= 0)) {
      raw = decodeXmlText(raw);
    }
    if (kind === CellKind.number || kind === CellKind.shared) {
      const n = raw.length;
      if (n === 0) return;
      if (raw.charCodeAt(0) <= 32 || raw.charCodeAt(n - 1) <= 32) {
        raw = raw.trim();
        if (raw === '') return;
      }
    }
    sink.cell(row, col, kind, raw, style);
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

interface CellAttrs {
  /** From `r`; 0 when the cell has no `r`. */
  col: number;
  kind: CellKind;
  style: number;
}

/**
 * The `r`, `t` and `s` attributes of a `<c>` start tag in s[from, to), read from char codes
 * without allocating: this runs for every cell of the price list.
 */
function readCellAttrs(s: string, from: number, to: number, out: CellAttrs): void {
  out.col = 0;
  out.kind = CellKind.number;
  out.style = 0;
  let p = from;
  while (p < to) {
    let c = s.charCodeAt(p);
    if (c <= 32 || c === 47) {
      p++;
      continue;
    }
    const nameStart = p;
    while (p < to && (c = s.charCodeAt(p)) !== 61 && c > 32) p++;
    const nameLen = p - nameStart;
    while (p < to && s.charCodeAt(p) !== 34 && s.charCodeAt(p) !== 39) p++;
    const quote = s.charCodeAt(p);
    const vStart = p + 1;
    let vEnd = s.indexOf(quote === 39 ? "'" : '"', vStart);
    if (vEnd < 0 || vEnd > to) vEnd = to;
    if (nameLen === 1) {
      const a = s.charCodeAt(nameStart);
      if (a === 114) {
        let col = 0;
        for (let i = vStart; i < vEnd; i++) {
          const ch = s.charCodeAt(i);
          if (ch >= 65 && ch <= 90) col = col * 26 + ch - 64;
          else if (ch >= 97 && ch <= 122) col = col * 26 + ch - 96;
          else break;
        }
        out.col = col;
      } else if (a === 116) {
        out.kind = kindOf(s, vStart, vEnd);
      } else if (a === 115) {
        let n = 0;
        for (let i = vStart; i < vEnd; i++) n = n * 10 + s.charCodeAt(i) - 48;
        out.style = n > 0 ? n : 0;
      }
    }
    p = vEnd + 1;
  }
}

/** The `t` attribute's value in s[from, to). */
function kindOf(s: string, from: number, to: number): CellKind {
  const len = to - from;
  if (len === 0) return CellKind.number;
  switch (s.charCodeAt(from)) {
    case 115: // s, str
      return len === 1 ? CellKind.shared : CellKind.string;
    case 98: // b
      return CellKind.boolean;
    case 101: // e
      return CellKind.error;
    case 100: // d
      return CellKind.isoDate;
    case 110: // n
      return CellKind.number;
    default:
      // inlineStr
      return CellKind.string;
  }
}

/** Reads the unprefixed `r`, `t` and `s` attributes of a tag, resetting the others to ''. */
function readAttrs(s: string, from: number, to: number, out: { r: string; t: string; s: string }): void {
  out.r = '';
  out.t = '';
  out.s = '';
  let p = from;
  while (p < to) {
    const eq = s.indexOf('=', p);
    if (eq < 0 || eq >= to) return;
    let ns = eq - 1;
    while (ns > p && s.charCodeAt(ns) <= 32) ns--;
    let nb = ns;
    while (nb > p && s.charCodeAt(nb - 1) > 32) nb--;
    let q = eq + 1;
    while (q < to && s.charCodeAt(q) <= 32) q++;
    const quote = s.charCodeAt(q);
    const vEnd = s.indexOf(quote === 39 ? "'" : '"', q + 1);
    if (vEnd < 0) return;
    if (ns === nb) {
      const a = s.charCodeAt(nb);
      if (a === 114) out.r = s.slice(q + 1, vEnd);
      else if (a === 116) out.t = s.slice(q + 1, vEnd);
      else if (a === 115) out.s = s.slice(q + 1, vEnd);
    }
    p = vEnd + 1;
  }
}
