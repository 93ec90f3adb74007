import type { WorkbookParts } from '../package/workbook-locator';
import { decodeXmlText, escapeXmlText } from '../package/xml-text';
import type { ZipSource } from '../package/zip-source';

/**
 * A table's totals rows that the layout moved down, on the data sheet: rows top..bottom go `delta`
 * rows lower, and the table's body (from `bodyTop`) now ends at `bodyBottom + delta`.
 */
export interface MovedTotals {
  sheet: string;
  top: number;
  bottom: number;
  delta: number;
  bodyTop: number;
}

/** A cell or range reference, sheet-qualified or not; not one inside a name or a function's name (`LOG10(`). */
const REF = /(?<![\w.$'!\]])((?:'(?:[^']|'')+'|[^\s'!(),;=+\-*/&<>^:"{}[\]]+)!)?(\$?[A-Za-z]{1,3}\$?)(\d+)(?::(\$?[A-Za-z]{1,3}\$?)(\d+))?(?![\w(!])/g;

/**
 * A formula with its references to the moved rows following them, as Excel updates references
 * when rows are inserted above a totals row: a cell of the totals rows moves `delta` lower, a range
 * ending in them or at the body's last row grows over the items. `ownSheet`: the formula is on the
 * data sheet, where an unqualified reference is to it. String literals are left alone.
 */
export function followTotals(formula: string, moved: MovedTotals, ownSheet: boolean): string {
  const target = moved.sheet.toLowerCase();
  const shift = (part: string) =>
    part.replace(REF, (m, sheet: string | undefined, c1: string, r1: string, c2: string | undefined, r2: string | undefined) => {
      const onDataSheet = sheet === undefined ? ownSheet : unquote(sheet.slice(0, -1)).toLowerCase() === target;
      if (!onDataSheet) return m;
      const first = Number(r1);
      const from = `${sheet ?? ''}${c1}${movedRow(first, moved)}`;
      if (c2 === undefined || r2 === undefined) return from;
      const last = Number(r2);
      const oldBodyBottom = moved.top - 1;
      const grows = last === oldBodyBottom && first >= moved.bodyTop - 1 && first <= oldBodyBottom;
      return `${from}:${c2}${grows ? oldBodyBottom + moved.delta : movedRow(last, moved)}`;
    });
  return formula
    .split('"')
    .map((part, i) => (i % 2 === 1 ? part : shift(part)))
    .join('"');
}

function movedRow(row: number, moved: MovedTotals): number {
  return row >= moved.top && row <= moved.bottom ? row + moved.delta : row;
}

function unquote(sheet: string): string {
  return sheet.startsWith("'") ? sheet.slice(1, -1).replace(/''/g, "'") : sheet;
}

/** The formulas of a part's XML (`<f>`, a chart's `<c:f>`; `element`: another element's text), each passed through `edit`. */
export function editFormulas(xml: string, edit: (formula: string) => string, element = 'f'): string {
  const re = new RegExp(`(<((?:[\\w.-]+:)?${element})\\b[^>]*>)([^<]*)(<\\/\\2>)`, 'g');
  return xml.replace(re, (m, open: string, _tag: string, text: string, close: string) => {
    const formula = decodeXmlText(text);
    const after = edit(formula);
    return after === formula ? m : `${open}${escapeXmlText(after)}${close}`;
  });
}

/**
 * The parts outside the data sheet that refer to the moved totals rows, with the references
 * followed: the other sheets' formulas, the workbook's defined names and the charts' series.
 * Only parts that name the data sheet are rewritten.
 */
export async function followTotalsElsewhere(zip: ZipSource, parts: WorkbookParts, moved: MovedTotals): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const named = (xml: string) => xml.includes(escapeXmlText(moved.sheet)) || xml.includes(moved.sheet);
  const follow = (formula: string) => followTotals(formula, moved, false);
  const sheets = parts.sheets.filter((s) => s.path !== parts.dataSheet.path).map((s) => s.entry);
  const charts = zip.entries.filter((e) => /^xl\/charts\/chart[^/]*\.xml$/i.test(e.fileName));
  for (const entry of [...sheets, ...charts]) {
    const xml = await zip.readText(entry);
    if (!named(xml)) continue;
    const edited = editFormulas(xml, follow);
    if (edited !== xml) out.set(entry.fileName, edited);
  }
  const workbook = zip.find(parts.workbookPath);
  if (workbook) {
    const xml = await zip.readText(workbook);
    const edited = named(xml) ? editFormulas(xml, follow, 'definedName') : xml;
    if (edited !== xml) out.set(workbook.fileName, edited);
  }
  return out;
}
