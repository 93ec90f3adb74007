import { ENGINE_ERR, LIMITS, type EngineFileKind } from '@app/contracts';
import { EngineError } from '../package/engine-error';
import { cellOutOfSheet, cellRef, requireColumnsInSheet, requireInSheet, rowOutOfSheet } from '../package/sheet-bounds';
import type { SheetRef } from '../package/workbook-locator';
import type { ZipSource } from '../package/zip-source';
import { columnFromRef, parseAttributes, rowFromRef } from '../package/xml-text';

/** A `<row>` of the template's data sheet as found, kept as its original XML. */
export interface TemplateRow {
  r: number;
  /** The row's original XML, `<row …>…</row>` or `<row …/>`. */
  xml: string;
  /** The open tag, for copying the row's attributes (height, style) to new rows. */
  openTag: string;
  hasR: boolean;
  /** Row style (`s`) when `customFormat` says it applies to the row's empty cells. */
  rowStyle?: number;
  /** Column → style index of the cells that carry one. */
  cellStyles: Map<number, number>;
  hasValue: boolean;
  formatted: boolean;
}

export interface TemplateSheet {
  /** Namespace prefix of the sheet's elements (`x:` in some writers' files, usually ''). */
  prefix: string;
  /** Offsets of `<sheetData>`'s content in the XML (the open tag may be `<sheetData/>`). */
  dataOpen: { start: number; end: number; selfClosing: boolean };
  dataClose: { start: number; end: number };
  rows: TemplateRow[];
  /** Column → `<col style>`, for rows with no formatted row above them to copy. */
  colStyles: Map<number, number>;
  merges: CellRange[];
}

/** A rectangle of cells, 1-based and inclusive, with the `ref` it was read from. */
export interface CellRange {
  ref: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** `B3:D7` (or `B3`) as a range; rows and columns that a ref leaves out read as 0. */
export function parseRange(ref: string): CellRange {
  const [a, b = a] = ref.split(':');
  return { ref, top: rowFromRef(a), bottom: rowFromRef(b), left: columnFromRef(a), right: columnFromRef(b) };
}

/**
 * The template's data sheet as text, for the writer and for the columns alike: both hold it
 * whole, so one over LIMITS.templateSheetMaxMb is refused from the zip's directory, unread.
 */
export async function readTemplateSheetXml(zip: ZipSource, sheet: SheetRef): Promise<string> {
  requireSheetFits(sheet, 'template');
  return zip.readText(sheet.entry);
}

/**
 * Throws when the data sheet is over LIMITS.templateSheetMaxMb uncompressed (the zip's directory
 * says); `kind` labels the message with the file (an upload's answers need no label).
 */
export function requireSheetFits(sheet: SheetRef, kind?: EngineFileKind): void {
  const size = sheet.entry.uncompressedSize;
  if (size > LIMITS.templateSheetMaxMb * 2 ** 20) {
    throw new EngineError('SHEET_TOO_LARGE', ENGINE_ERR.sheetTooLarge(sheet.name, Math.ceil(size / 2 ** 20), LIMITS.templateSheetMaxMb), kind);
  }
}

/**
 * Splits the template's data sheet into what the writer needs to know; the XML itself is kept.
 * Every cell, row, merge, `<col>` and the `<dimension>` must lie within XFD1048576 (DESIGN §15):
 * the writer would copy them into every export, and the column styles are sized by `<col>`.
 */
export function parseTemplateSheet(xml: string): TemplateSheet | undefined {
  const open = /<((?:[A-Za-z_][\w.-]*:)?)sheetData\b[^>]*?(\/?)>/.exec(xml);
  if (!open) return undefined;
  const dimension = /<(?:[A-Za-z_][\w.-]*:)?dimension\b[^>]*>/.exec(xml.slice(0, open.index));
  if (dimension) requireInSheet(parseAttributes(dimension[0]).get('ref') ?? '', 'template');
  const prefix = open[1];
  const selfClosing = open[2] === '/';
  const dataOpen = { start: open.index, end: open.index + open[0].length, selfClosing };
  let dataClose = { start: dataOpen.end, end: dataOpen.end };
  if (!selfClosing) {
    const closeTag = `</${prefix}sheetData>`;
    const at = xml.indexOf(closeTag, dataOpen.end);
    if (at < 0) return undefined;
    dataClose = { start: at, end: at + closeTag.length };
  }
  const p = prefix.replace(/[.]/g, '\\.');
  const rows: TemplateRow[] = [];
  const inner = xml.slice(dataOpen.end, dataClose.start);
  const rowRe = new RegExp(`<${p}row\\b[^>]*?(?:/>|>[\\s\\S]*?</${p}row>)`, 'g');
  const cellRe = new RegExp(`<${p}c\\b[^>]*?(?:/>|>[\\s\\S]*?</${p}c>)`, 'g');
  let prev = 0;
  for (const m of inner.matchAll(rowRe)) {
    const rowXml = m[0];
    const openTag = rowXml.slice(0, rowXml.indexOf('>') + 1);
    const a = parseAttributes(openTag);
    const r = Number(a.get('r')) || prev + 1;
    if (r > LIMITS.rowMax) throw rowOutOfSheet(r, 'template');
    prev = r;
    const custom = /^(1|true)$/.test(a.get('customFormat') ?? '');
    const rowStyle = custom && a.has('s') ? Number(a.get('s')) || 0 : undefined;
    const cellStyles = new Map<number, number>();
    let hasValue = false;
    let col = 0;
    for (const c of rowXml.matchAll(cellRe)) {
      const cellXml = c[0];
      const ca = parseAttributes(cellXml.slice(0, cellXml.indexOf('>') + 1));
      const ref = ca.get('r');
      col = ref ? columnFromRef(ref) : col + 1;
      if (col > LIMITS.columnMax || (ref !== undefined && rowFromRef(ref) > LIMITS.rowMax)) throw cellOutOfSheet(ref ?? cellRef(col, r), 'template');
      const s = Number(ca.get('s') ?? 0) || 0;
      if (s > 0) cellStyles.set(col, s);
      if (!hasValue && CELL_VALUE_RE.test(cellXml)) hasValue = true;
    }
    const formatted = (rowStyle !== undefined && rowStyle > 0) || cellStyles.size > 0;
    rows.push({ r, xml: rowXml, openTag, hasR: a.has('r'), rowStyle, cellStyles, hasValue, formatted });
  }

  const colStyles = new Map<number, number>();
  const cols = /<(?:[A-Za-z_][\w.-]*:)?cols\b[^>]*>([\s\S]*?)<\/(?:[A-Za-z_][\w.-]*:)?cols>/.exec(xml.slice(0, dataOpen.start));
  if (cols) {
    for (const c of cols[1].matchAll(/<(?:[A-Za-z_][\w.-]*:)?col\b[^>]*>/g)) {
      const a = parseAttributes(c[0]);
      const s = Number(a.get('style') ?? 0) || 0;
      const min = Number(a.get('min')) || 0;
      const max = Number(a.get('max')) || min;
      requireColumnsInSheet(min, max, 'template');
      if (s > 0) for (let i = min; i <= max; i++) colStyles.set(i, s);
    }
  }
  const merges: CellRange[] = [];
  for (const mc of xml.slice(dataClose.end).matchAll(/<(?:[A-Za-z_][\w.-]*:)?mergeCell\b[^>]*>/g)) {
    const ref = parseAttributes(mc[0]).get('ref') ?? '';
    requireInSheet(ref, 'template');
    merges.push(parseRange(ref));
  }
  return { prefix, dataOpen, dataClose, rows, colStyles, merges };
}

/** A cell holds a value when it has a non-empty `<v>`, an inline string or a formula. */
const CELL_VALUE_RE = /<(?:[\w.-]+:)?v>[^<]|<(?:[\w.-]+:)?is[\s>]|<(?:[\w.-]+:)?f[\s>/]/;

/**
 * First data row (DESIGN §5.4): after the last row holding any value, extended past merged
 * ranges that start in the header (a two-row merged title must not receive data in its 2nd row).
 * `ignore`: rows whose values do not count (a table's totals row, which the data goes above).
 */
export function firstDataRow(sheet: TemplateSheet, ignore?: (r: number) => boolean): number {
  let last = 0;
  for (const row of sheet.rows) if (row.hasValue && row.r > last && !ignore?.(row.r)) last = row.r;
  for (let changed = true; changed; ) {
    changed = false;
    for (const m of sheet.merges) {
      if (m.top <= last && m.bottom > last) {
        last = m.bottom;
        changed = true;
      }
    }
  }
  return last + 1;
}

/**
 * Every `ref`/`sqref` range after `<sheetData>` (merges, conditional formats, validations,
 * hyperlinks, the sheet's autoFilter…): what would point at the wrong cells if rows moved.
 */
export function rangesAfterData(xml: string, sheet: TemplateSheet): CellRange[] {
  const out: CellRange[] = [];
  for (const m of xml.slice(sheet.dataClose.end).matchAll(/\s(?:ref|sqref)\s*=\s*"([^"]*)"/g)) {
    for (const ref of m[1].trim().split(/\s+/)) if (ref) out.push(parseRange(ref));
  }
  return out;
}
