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
      localNameStart(s, closing ? lt + 2 : lt + 1, gt, name);
      const len = name.end - name.start;
      const c0 = s.charCodeAt(name.start);
      const selfClosing = !closing && s.charCodeAt(gt - 1) === 47;

      if (!inSheetData) {
        if (c0 === 115 && nameIs(s, name, 'sheetData')) {
          if (closing || selfClosing) return false;
          inSheetData = true;
        }
        continue;
      }
      if (len === 1 && c0 === 99) {
        // <c>
        if (closing) {
          if (inCell) emitCell();
          continue;
        }
        readAttrs(s, name.end, gt, attr);
        col = attr.r ? columnOf(attr.r) : col + 1;
        kind = kindOf(attr.t);
        style = attr.s ? parseInt(attr.s, 10) || 0 : 0;
        value = null;
        inlineText = '';
        inCell = !selfClosing;
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
      raw = raw.trim();
      if (raw === '') return;
    }
    sink.cell(row, col, kind, raw, style);
  }
}

function kindOf(t: string): CellKind {
  switch (t) {
    case '':
    case 'n':
      return CellKind.number;
    case 's':
      return CellKind.shared;
    case 'b':
      return CellKind.boolean;
    case 'e':
      return CellKind.error;
    case 'd':
      return CellKind.isoDate;
    default:
      // 'str' (formula text result) and 'inlineStr'
      return CellKind.string;
  }
}

/** Column number of an `r` like `AB12`. */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) n = n * 26 + c - 64;
    else if (c >= 97 && c <= 122) n = n * 26 + c - 96;
    else break;
  }
  return n;
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
