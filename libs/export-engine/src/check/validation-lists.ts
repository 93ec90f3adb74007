import { readXlsxGrid } from './column-grid-reader';
import { readValidations, type ListResolver } from './data-validation';
import type { CellFormats } from '../package/styles-reader';
import type { WorkbookParts } from '../package/workbook-locator';
import { columnFromRef, decodeXmlText, parseAttributes } from '../package/xml-text';
import type { ZipSource } from '../package/zip-source';

/** A list of more cells than this is not a drop-down anyone keeps (and not worth reading). */
const LIST_CELLS_MAX = 10_000;
/** `Списки!$A$1:$A$10`, `'Лист 2'!$A:$A`, `$D$2:$D$6`: an optional sheet, then one range. */
const REFERENCE_RE = /^(?:(?:'((?:[^']|'')+)'|([^!'"()]+))!)?\$?([A-Za-z]{1,3})\$?(\d*)(?::\$?([A-Za-z]{1,3})\$?(\d*))?$/;

/**
 * The drop-down lists of the template's validations that name their values by reference (a range
 * of the same or another sheet, directly or through a defined name), read from the template so
 * that `validation` can judge them too. What cannot be read this simply (INDIRECT, OFFSET, a name
 * of a name, a list of thousands) stays unresolved and the rule judges nothing.
 */
export async function resolveValidationLists(zip: ZipSource, parts: WorkbookParts, sheetXml: string, formats: CellFormats): Promise<ListResolver> {
  const references = new Set<string>();
  readValidations(sheetXml, (formula) => {
    references.add(formula);
    return undefined;
  });
  const lists = new Map<string, string[]>();
  if (references.size === 0) return (formula) => lists.get(formula);
  const names = await definedNames(zip, parts);
  for (const formula of references) {
    const values = await readList(zip, parts, formats, names.get(formula.toLowerCase()) ?? formula);
    if (values) lists.set(formula, values);
  }
  return (formula) => lists.get(formula);
}

/** The workbook's defined names (lower-cased) → their formulas; names local to a sheet included. */
async function definedNames(zip: ZipSource, parts: WorkbookParts): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const entry = zip.find(parts.workbookPath);
  if (!entry) return out;
  const xml = await zip.readText(entry);
  for (const m of xml.matchAll(/<(?:[A-Za-z_][\w.-]*:)?definedName\b([^>]*)>([\s\S]*?)<\/(?:[A-Za-z_][\w.-]*:)?definedName>/g)) {
    const name = parseAttributes(`<x ${m[1]}>`).get('name');
    if (name && !out.has(name.toLowerCase())) out.set(name.toLowerCase(), decodeXmlText(m[2]).trim());
  }
  return out;
}

/** The non-empty texts of a one-range reference, row by row; undefined when it is not one. */
async function readList(zip: ZipSource, parts: WorkbookParts, formats: CellFormats, formula: string): Promise<string[] | undefined> {
  const m = REFERENCE_RE.exec(formula.replace(/^=/, '').trim());
  if (!m) return undefined;
  const sheetName = m[1]?.replace(/''/g, "'") ?? m[2];
  const sheet = sheetName === undefined ? parts.dataSheet : parts.sheets.find((s) => s.name === sheetName);
  if (!sheet) return undefined;
  const left = columnFromRef(m[3]);
  const right = m[5] ? columnFromRef(m[5]) : left;
  const top = Number(m[4]) || 1;
  const bottom = m[5] ? Number(m[6]) || LIST_CELLS_MAX : Number(m[4]) || LIST_CELLS_MAX;
  // Counted in cells: `$A$1:$ZZZ$9999` would otherwise be 180 million lookups.
  if ((bottom - top + 1) * (Math.abs(right - left) + 1) > LIST_CELLS_MAX) return undefined;
  const grid = await readXlsxGrid(zip, { ...parts, dataSheet: sheet }, formats, bottom, []);
  const values: string[] = [];
  for (let r = top; r <= bottom; r++) {
    for (let c = Math.min(left, right); c <= Math.max(left, right); c++) {
      const text = grid.rows.get(r)?.get(c)?.text;
      if (text !== undefined && text.trim() !== '') values.push(text);
    }
  }
  return values;
}
