import { columnLetter } from '@app/contracts';
import { DATE1904_OFFSET, formatNumber, type PriceValue } from '../package/cell-value';
import { TEXT_FORMAT_ID } from '../package/number-format';
import type { StylesPatcher } from './styles-patcher';
import type { FillLayout } from './fill-layout';
import { shiftRow } from './row-shift';
import { editFormulas, followTotals, type MovedTotals } from './totals-references';
import type { TemplateRow, TemplateSheet } from './template-sheet';
import { columnFromRef, escapeXmlText, rowFromRef } from '../package/xml-text';

/** One value to write into an output row. */
export type OutValue =
  /** MA, GM, name: always text, `@` where the cell has no number format of its own. */
  | { type: 'text'; value: string }
  /** minQty, step. */
  | { type: 'number'; value: number }
  | { type: 'price'; value: PriceValue };

export type OutRow = Map<number, OutValue>;

export interface WrittenRange {
  firstRow: number;
  lastRow: number;
}

const TEXT = { id: TEXT_FORMAT_ID, code: '@' };

/**
 * Rewrites only `<sheetData>` (and `<dimension>`) of the template's data sheet: rows above the
 * data area are kept byte-for-byte, each item becomes one row from the first data row on, and
 * formatted empty rows already there lend their look to the rows written over or after them.
 * A table's totals row that the layout moves is written again below the items.
 */
export function writeDataRows(
  xml: string,
  sheet: TemplateSheet,
  rows: readonly OutRow[],
  styles: StylesPatcher | undefined,
  date1904: boolean,
  layout: FillLayout,
): { xml: string; range: WrittenRange } {
  const { start, totals } = layout;
  const p = sheet.prefix;
  const templateRows = totals ? sheet.rows.filter((r) => r.r < totals.top || r.r > totals.bottom) : sheet.rows;
  const formattedBelow = templateRows.filter((r) => r.r >= start && r.formatted).sort((a, b) => a.r - b.r);

  // References to a moved totals row follow it, from the rows above too (`=D12` over the table).
  const moved: MovedTotals | undefined = totals && {
    sheet: '',
    top: totals.top,
    bottom: totals.bottom,
    delta: totals.delta,
    bodyTop: totals.table.range.top + totals.table.headerRows,
  };
  const out: string[] = [];
  for (const row of templateRows) {
    if (row.r >= start) continue;
    out.push(moved && moved.delta > 0 && /<(?:[\w.-]+:)?f\b/.test(row.xml) ? editFormulas(row.xml, (f) => followTotals(f, moved, true)) : row.xml);
  }

  const lastRow = start + rows.length - 1;
  let fi = 0;
  let format: TemplateRow | undefined;
  // The copied row attributes change only when the row they come from does (three regexes per row otherwise).
  let attrsOf: TemplateRow | undefined;
  let attrs = '';
  let minCol = Infinity;
  let maxCol = 0;
  const keptBelow = templateRows.filter((r) => r.r >= start && r.r > lastRow);
  // Empty rows already in the data area keep their own height, hiding, outline level and style.
  const overwritten = new Map<number, TemplateRow>();
  for (const row of templateRows) if (row.r >= start && row.r <= lastRow) overwritten.set(row.r, row);
  for (let i = 0; i < rows.length; i++) {
    const r = start + i;
    // The nearest formatted empty row at or above this one is the look to copy.
    while (fi < formattedBelow.length && formattedBelow[fi].r <= r) format = formattedBelow[fi++];
    const cells = buildCells(r, rows[i], format, sheet, styles, date1904, p);
    if (cells.minCol < minCol) minCol = cells.minCol;
    if (cells.maxCol > maxCol) maxCol = cells.maxCol;
    const attrsFrom = overwritten.get(r) ?? format;
    if (attrsFrom !== attrsOf) {
      attrsOf = attrsFrom;
      attrs = attrsFrom ? rowAttributes(attrsFrom.openTag) : '';
    }
    out.push(`<${p}row r="${r}"${attrs}>${cells.xml}</${p}row>`);
  }
  for (const row of keptBelow) out.push(row.hasR ? row.xml : row.xml.replace(/^(<[^\s>/]+)/, `$1 r="${row.r}"`));
  let contentEnd = lastRow;
  if (totals && moved) {
    for (const row of sheet.rows) if (row.r >= totals.top && row.r <= totals.bottom) out.push(shiftRow(row, moved));
    contentEnd = Math.max(lastRow, totals.bottom + totals.delta);
  }

  const body = out.join('');
  const openTag = sheet.dataOpen.selfClosing ? xml.slice(sheet.dataOpen.start, sheet.dataOpen.end).replace(/\s*\/>$/, '>') : xml.slice(sheet.dataOpen.start, sheet.dataOpen.end);
  const closeTag = `</${p}sheetData>`;
  let result = xml.slice(0, sheet.dataOpen.start) + openTag + body + closeTag + xml.slice(sheet.dataClose.end);
  if (rows.length > 0) result = updateDimension(result, start, contentEnd, minCol, maxCol);
  return { xml: result, range: { firstRow: start, lastRow } };
}

function buildCells(
  r: number,
  values: OutRow,
  format: TemplateRow | undefined,
  sheet: TemplateSheet,
  styles: StylesPatcher | undefined,
  date1904: boolean,
  p: string,
): { xml: string; minCol: number; maxCol: number } {
  const cols = new Set<number>(values.keys());
  if (format) for (const c of format.cellStyles.keys()) cols.add(c);
  const sorted = [...cols].sort((a, b) => a - b);
  let xml = '';
  for (const col of sorted) {
    const base = format?.cellStyles.get(col) ?? format?.rowStyle ?? sheet.colStyles.get(col) ?? 0;
    xml += cellXml(`${letterOf(col)}${r}`, base, values.get(col), styles, date1904, p);
  }
  return { xml, minCol: sorted[0] ?? Infinity, maxCol: sorted[sorted.length - 1] ?? 0 };
}

/** Column letters, computed once per column (22,000 cells per 2,000-item export). */
const LETTERS: string[] = [];
function letterOf(col: number): string {
  return (LETTERS[col] ??= columnLetter(col));
}

function cellXml(ref: string, base: number, v: OutValue | undefined, styles: StylesPatcher | undefined, date1904: boolean, p: string): string {
  const s = (style: number) => (style > 0 ? ` s="${style}"` : '');
  const ownFormat = styles ? styles.numFmtOf(base) !== 0 : true;
  if (!v) return `<${p}c r="${ref}"${s(base)}/>`;
  if (v.type === 'text') {
    const style = ownFormat || !styles ? base : styles.withFormat(base, TEXT);
    return inlineString(ref, s(style), v.value, p);
  }
  if (v.type === 'number') return `<${p}c r="${ref}"${s(base)}><${p}v>${formatNumber(v.value)}</${p}v></${p}c>`;

  const pv = v.value;
  const style = ownFormat || !styles || pv.format.id === 0 ? base : styles.withFormat(base, pv.format);
  switch (pv.type) {
    case 'string':
      return inlineString(ref, s(style), pv.value, p);
    case 'boolean':
      return `<${p}c r="${ref}"${s(style)} t="b"><${p}v>${pv.value ? 1 : 0}</${p}v></${p}c>`;
    case 'error':
      return `<${p}c r="${ref}"${s(style)} t="e"><${p}v>${escapeXmlText(pv.value)}</${p}v></${p}c>`;
    case 'date':
      return `<${p}c r="${ref}"${s(style)}><${p}v>${formatNumber(date1904 ? pv.value - DATE1904_OFFSET : pv.value)}</${p}v></${p}c>`;
    default:
      return `<${p}c r="${ref}"${s(style)}><${p}v>${formatNumber(pv.value)}</${p}v></${p}c>`;
  }
}

function inlineString(ref: string, styleAttr: string, text: string, p: string): string {
  const space = /^\s|\s$|\n/.test(text) ? ' xml:space="preserve"' : '';
  return `<${p}c r="${ref}"${styleAttr} t="inlineStr"><${p}is><${p}t${space}>${escapeXmlText(text)}</${p}t></${p}is></${p}c>`;
}

/** A formatted row's attributes for a new row: everything except its number and cell span. */
function rowAttributes(openTag: string): string {
  const attrs = openTag.replace(/^<[^\s>/]+/, '').replace(/\/?>$/, '');
  return attrs.replace(/\s(?:r|spans)\s*=\s*("[^"]*"|'[^']*')/g, '').replace(/\s+$/, '');
}

function updateDimension(xml: string, firstRow: number, lastRow: number, minCol: number, maxCol: number): string {
  return xml.replace(/(<(?:[A-Za-z_][\w.-]*:)?dimension\b[^>]*?\bref\s*=\s*")([^"]*)(")/, (_m, pre: string, ref: string, post: string) => {
    const [a, b = a] = ref.split(':');
    let c1 = columnFromRef(a) || minCol;
    let r1 = rowFromRef(a) || firstRow;
    let c2 = columnFromRef(b) || maxCol;
    let r2 = rowFromRef(b) || lastRow;
    const emptySheet = ref === 'A1' || ref === '';
    if (emptySheet) {
      c1 = Math.min(minCol, 1);
      r1 = 1;
      c2 = maxCol;
      r2 = lastRow;
    }
    c1 = Math.min(c1, minCol);
    r1 = Math.min(r1, firstRow);
    c2 = Math.max(c2, maxCol);
    r2 = Math.max(r2, lastRow);
    return `${pre}${columnLetter(c1)}${r1}:${columnLetter(c2)}${r2}${post}`;
  });
}
