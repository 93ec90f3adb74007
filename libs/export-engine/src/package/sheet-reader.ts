import type { Readable } from 'node:stream';
import { LIMITS } from '@app/contracts';
import { CellKind } from './cell-kind';
import { readCellAttrs, readRowNumber, type CellAttrs } from './sheet-attrs';
import { cellOutOfSheet, cellRef, requireColumnsInSheet, requireInSheet, rowOutOfSheet } from './sheet-bounds';
import { localNameStart, nameIs, streamXmlRegions, type TagName } from './xml-stream';
import { CDATA_OPEN, decodeXmlText, isCdataAt, literalText, parseAttributes, utf8FromLatin1 } from './xml-text';

export { CellKind } from './cell-kind';

export interface SheetSink {
  /** A cell that has a value; `style` is its `s` attribute (cellXfs index), 0 when absent. */
  cell(row: number, col: number, kind: CellKind, raw: string, style: number): void;
  rowEnd(row: number): void;
}

/**
 * The scanner's own sink: a cell's value is handed over as a position, s[start, end), so that
 * cells nobody looks at cost no string; `start` < 0 means `s` is the value itself (inline strings).
 * `s` holds the part's bytes as latin1, one char per byte: pass the value through `cellRaw` for
 * the text `SheetSink.cell` would get. Returning true from `cell`
 * skips the rest of the row (its later cells are not read; `rowEnd` still comes).
 */
export interface RawSheetSink {
  cell(row: number, col: number, kind: CellKind, s: string, start: number, end: number, style: number): boolean | void;
  rowEnd(row: number): void;
  /**
   * A cell holding a formula with no computed value: no `<v>`, or an empty one where a number is
   * due (openpyxl, SheetJS and some ERPs write formulas without calculating them; Excel computes
   * them when it opens the file). Such a cell that has an empty `<v>` also comes to `cell`.
   */
  formulaWithoutValue?(row: number, col: number): void;
}

/**
 * The raw text of a scanned cell as `SheetSink.cell` gets it; null for a cell without a value.
 * The scanner's strings hold the part's bytes as latin1 (see `streamXmlRegions`): decoded here.
 */
export function cellRaw(kind: CellKind, s: string, start: number, end: number): string | null {
  let raw = utf8FromLatin1(start < 0 ? s : s.slice(start, end));
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
 * prefixes (`<x:c>`), formulas (their cached `<v>` is the value; one without is told apart) and
 * rich inline strings. `tail`, when given, gets the rest of the part after `</sheetData>` in
 * pieces as streamXmlRegions cuts them (for its merged cells, without inflating the part again).
 * A cell, row or `<dimension>` past XFD1048576 is refused (sheet-bounds.ts), so no reader ever
 * sees a column or row number the sheet cannot have.
 */
export async function readSheetCells(stream: Readable, sink: RawSheetSink, tail?: (s: string) => void): Promise<void> {
  const scanner = new SheetScanner(sink);
  if (!tail) {
    await streamXmlRegions(stream, (s) => scanner.region(s));
    return;
  }
  // The part after `</sheetData>` (merged cells, …) is read on for `tail`, in the same inflate.
  let cellsDone = false;
  await streamXmlRegions(stream, (s) => {
    if (cellsDone) return tail(s);
    if (scanner.region(s)) return;
    cellsDone = true;
    tail(s.slice(scanner.stoppedAt));
  });
}

/**
 * The cells as readSheetCells gives them and, in the same pass, every `<mergeCell>`'s `ref` (they
 * follow `</sheetData>`): the whole part is read.
 */
export async function readSheetCellsAndMerges(stream: Readable, sink: RawSheetSink, onMerge: (ref: string) => void): Promise<void> {
  const scanner = new SheetScanner(sink);
  let cells = true;
  await streamXmlRegions(stream, (s) => {
    if (cells) cells = scanner.region(s);
    forEachMergeRef(s, onMerge);
  });
}

const MERGE_RE = /<(?:[A-Za-z_][\w.-]*:)?mergeCell\b[^>]*>/g;

/** The `ref` of every `<mergeCell>` in a piece of a sheet's XML (a piece holds whole tags). */
export function forEachMergeRef(s: string, onRef: (ref: string) => void): void {
  if (s.indexOf('mergeCell') < 0) return;
  for (const m of s.matchAll(MERGE_RE)) onRef(parseAttributes(m[0]).get('ref') ?? '');
}

/**
 * The scanner's state between pieces of the part. A class rather than closures over locals: V8
 * keeps a class method's optimised code for the life of the process, while a closure made per
 * call loses it at the first GC after the call, and this loop is the costliest to recompile.
 */
class SheetScanner {
  private readonly name: TagName = { start: 0, end: 0 };
  private inSheetData = false;
  private row = 0;
  private col = 0;
  private rowOpen = false;
  private inCell = false;
  private kind: CellKind = CellKind.number;
  private style = 0;
  /** The value is value[vStart, vEnd), or value itself when vStart < 0; null: no value. */
  private value: string | null = null;
  private vStart = -1;
  private vEnd = -1;
  /** The sink skipped the rest of a row whose `</row>` is in a later piece. */
  private skipping = false;
  private inInline = false;
  private inPhonetic = false;
  /** Inside an inline string's `<t>` (outside phonetic runs), where CDATA sections are text. */
  private inText = false;
  /** Inside a generic path's `<v>`, where a CDATA section is the value (or part of it). */
  private inValue = false;
  /** The open `<v>` had a CDATA section: its value is `inlineText`. */
  private valueCdata = false;
  private inCdata = false;
  private inlineText = '';
  /** The open cell has an `<f>`: only the generic path reads such a cell. */
  private hasFormula = false;
  private readonly cell: CellAttrs = { col: 0, refRow: 0, kind: CellKind.number, style: 0 };
  private vOpen = '<v>';
  private vcClose = '</v></c>';
  private rowClose = '</row>';
  private plain = true;
  /** Where in the last piece `</sheetData>` (or `<sheetData/>`) ended, once `region` returned false. */
  stoppedAt = 0;

  constructor(private readonly sink: RawSheetSink) {}

  /** One piece of the part; false once `</sheetData>` is passed. */
  region(s: string): boolean {
    let pos = 0;
    if (this.skipping) {
      pos = this.skipRow(s, 0);
      if (this.skipping) return true;
    }
    if (this.inCdata) {
      pos = this.cdata(s, 0);
      if (this.inCdata) return true;
    }
    for (;;) {
      const lt = s.indexOf('<', pos);
      if (lt < 0) break;
      if ((this.inText || this.inValue) && isCdataAt(s, lt)) {
        if (this.inValue && !this.valueCdata) this.startValueCdata();
        pos = this.cdata(s, lt + CDATA_OPEN.length);
        if (this.inCdata) return true;
        continue;
      }
      const gt = s.indexOf('>', lt + 1);
      if (gt < 0) break;
      pos = gt + 1;
      const first = s.charCodeAt(lt + 1);
      if (first === 63 || first === 33) continue;
      const closing = first === 47;
      if (first === 99 && this.plain && this.inSheetData && s.charCodeAt(lt + 2) === 32) {
        // `<c …>` without a prefix, the bulk of the sheet: skip the generic name scan.
        this.name.start = lt + 1;
        this.name.end = lt + 2;
      } else {
        localNameStart(s, closing ? lt + 2 : lt + 1, gt, this.name);
      }
      const len = this.name.end - this.name.start;
      const c0 = s.charCodeAt(this.name.start);
      const selfClosing = !closing && s.charCodeAt(gt - 1) === 47;

      if (!this.inSheetData) {
        if (!closing) this.checkBounds(s, lt, gt, c0);
        if (c0 === 115 && nameIs(s, this.name, 'sheetData')) {
          if (closing || selfClosing) return this.stop(pos);
          this.inSheetData = true;
          const prefix = s.slice(lt + 1, this.name.start);
          this.vOpen = `<${prefix}v>`;
          this.vcClose = `</${prefix}v></${prefix}c>`;
          this.rowClose = `</${prefix}row>`;
          this.plain = prefix === '';
        }
        continue;
      }
      if (len === 1 && c0 === 99) {
        // <c>
        if (closing) {
          if (this.hasFormula) this.formulaEnd();
          if (this.inCell && this.emitCell()) pos = this.skipRow(s, pos);
          continue;
        }
        readCellAttrs(s, this.name.end, gt, this.cell);
        this.col = this.cell.col > 0 ? this.cell.col : this.col + 1;
        if (this.col > COLUMN_MAX || this.cell.refRow > ROW_MAX) throw cellOutOfSheet(parseAttributes(s.slice(lt, gt + 1)).get('r') ?? cellRef(this.col, this.row));
        this.kind = this.cell.kind;
        this.style = this.cell.style;
        this.value = null;
        this.inlineText = '';
        this.inCell = !selfClosing;
        // Fast path for the usual `<c …><v>…</v></c>`: read it here instead of three more tags.
        if (this.inCell && (this.plain ? isVOpen(s, pos) : s.startsWith(this.vOpen, pos))) {
          const from = pos + this.vOpen.length;
          const to = s.indexOf('<', from);
          if (to >= 0 && (this.plain ? isVcClose(s, to) : s.startsWith(this.vcClose, to))) pos = this.emitValue(s, from, to, to + this.vcClose.length);
        } else if (this.inCell && this.plain && this.kind === CellKind.string && s.charCodeAt(pos + 1) === 105) {
          // And for a plain inline string, `<c … t="inlineStr"><is><t>…</t></is></c>`, which
          // streaming writers use instead of shared strings: seven tags read as one.
          const from = inlineTextStart(s, pos);
          const to = from < 0 ? -1 : s.indexOf('<', from);
          if (to >= 0 && s.startsWith(INLINE_CLOSE, to)) pos = this.emitValue(s, from, to, to + INLINE_CLOSE.length);
        }
      } else if (len === 1 && c0 === 118) {
        // <v>: the value (or a formula's cached result)
        if (!closing && !selfClosing && this.inCell) {
          const end = s.indexOf('<', pos);
          this.value = s;
          this.vStart = pos;
          this.vEnd = end < 0 ? s.length : end;
          this.inValue = true;
        } else if (closing && this.inValue) {
          this.inValue = false;
          if (this.valueCdata) {
            this.valueCdata = false;
            this.value = this.inlineText;
            this.vStart = -1;
          }
        }
      } else if (len === 1 && c0 === 116) {
        // <t> inside <is>
        if (this.inInline && !this.inPhonetic && !closing && !selfClosing) {
          const end = s.indexOf('<', pos);
          this.inlineText += s.slice(pos, end < 0 ? s.length : end);
          this.inText = true;
        } else if (closing) this.inText = false;
      } else if (len === 1 && c0 === 102) {
        // <f>: a formula; its text is no value
        if (!closing && this.inCell) this.hasFormula = true;
      } else if (len === 3 && c0 === 114 && s.charCodeAt(this.name.start + 1) === 111) {
        // <row>
        if (closing) {
          if (this.rowOpen) this.sink.rowEnd(this.row);
          this.rowOpen = false;
          continue;
        }
        this.row = readRowNumber(s, this.name.end, gt, this.row);
        if (this.row > ROW_MAX) throw rowOutOfSheet(this.row);
        this.col = 0;
        this.rowOpen = !selfClosing;
        if (selfClosing) this.sink.rowEnd(this.row);
      } else if (len === 2 && c0 === 105 && s.charCodeAt(this.name.start + 1) === 115) {
        // <is>
        if (closing) {
          this.inInline = false;
          this.value = this.inlineText;
          this.vStart = -1;
        } else if (!selfClosing) {
          this.inInline = true;
          this.inlineText = '';
        }
      } else if (len === 3 && c0 === 114 && nameIs(s, this.name, 'rPh')) {
        this.inPhonetic = !closing && !selfClosing;
      } else if (closing && c0 === 115 && nameIs(s, this.name, 'sheetData')) {
        return this.stop(pos);
      }
    }
    return true;
  }

  private stop(pos: number): false {
    this.stoppedAt = pos;
    return false;
  }

  /** `<dimension>` and `<col>`, before the cells: their columns and rows within the sheet too. */
  private checkBounds(s: string, lt: number, gt: number, c0: number): void {
    if (c0 === 100 && nameIs(s, this.name, 'dimension')) requireInSheet(parseAttributes(s.slice(lt, gt + 1)).get('ref') ?? '');
    else if (c0 === 99 && nameIs(s, this.name, 'col')) {
      const a = parseAttributes(s.slice(lt, gt + 1));
      requireColumnsInSheet(Number(a.get('min')) || 0, Number(a.get('max')) || 0);
    }
  }

  /** The first CDATA section of a `<v>`: the value gathers in `inlineText`, from the text before it on. */
  private startValueCdata(): void {
    this.valueCdata = true;
    this.inlineText = this.value === null ? '' : this.vStart < 0 ? this.value : this.value.slice(this.vStart, this.vEnd);
  }

  /**
   * A CDATA section in an inline string's `<t>` or in a `<v>` (some writers put every text in one), its content
   * from `from` on: added to the text with the plain text after it. Its `<` and `>` are no tags,
   * and the piece may end inside it (the next piece goes on with it). Returns where to go on.
   */
  private cdata(s: string, from: number): number {
    const close = s.indexOf(']]>', from);
    this.inCdata = close < 0;
    if (close < 0) {
      this.inlineText += literalText(s.slice(from));
      return s.length;
    }
    const next = s.indexOf('<', close + 3);
    const end = next < 0 ? s.length : next;
    this.inlineText += literalText(s.slice(from, close)) + s.slice(close + 3, end);
    return end;
  }

  /** At a formula cell's `</c>`: tells the sink when the formula has no computed value. */
  private formulaEnd(): void {
    this.hasFormula = false;
    if (!this.inCell || this.sink.formulaWithoutValue === undefined) return;
    const none = this.value === null || (this.vStart >= 0 && this.vEnd === this.vStart && this.kind !== CellKind.string);
    if (none) this.sink.formulaWithoutValue(this.row, this.col);
  }

  /** A fast path's whole cell, value s[from, to), ending at `next`: handed over; where to go on. */
  private emitValue(s: string, from: number, to: number, next: number): number {
    this.value = s;
    this.vStart = from;
    this.vEnd = to;
    return this.emitCell() ? this.skipRow(s, next) : next;
  }

  /** Hands the cell to the sink; true when the sink skips the rest of the row. */
  private emitCell(): boolean {
    this.inCell = false;
    if (this.value === null) return false;
    return this.sink.cell(this.row, this.col, this.kind, this.value, this.vStart, this.vEnd, this.style) === true;
  }

  /** Where to go on after a skipped row's last read cell: after its `</row>`, maybe in a later piece. */
  private skipRow(s: string, pos: number): number {
    const close = s.indexOf(this.rowClose, pos);
    if (close < 0) {
      this.skipping = true;
      return s.length;
    }
    this.skipping = false;
    if (this.rowOpen) this.sink.rowEnd(this.row);
    this.rowOpen = false;
    return close + this.rowClose.length;
  }
}

const COLUMN_MAX = LIMITS.columnMax;
const ROW_MAX = LIMITS.rowMax;

const INLINE_OPEN = '<is><t>';
const INLINE_OPEN_PRESERVE = '<is><t xml:space="preserve">';
const INLINE_CLOSE = '</t></is></c>';

/** Where the text starts when `<is><t>` (or its `xml:space="preserve"` form) is at p; -1 otherwise. */
function inlineTextStart(s: string, p: number): number {
  if (s.startsWith(INLINE_OPEN, p)) return p + INLINE_OPEN.length;
  if (s.startsWith(INLINE_OPEN_PRESERVE, p)) return p + INLINE_OPEN_PRESERVE.length;
  return -1;
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

