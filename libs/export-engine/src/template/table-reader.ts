import { requireInSheet } from '../package/sheet-bounds';
import { parseRange, type CellRange } from './template-sheet';
import { parseRelationships, relsPathFor } from '../package/workbook-locator';
import { findStartTags, parseAttributes } from '../package/xml-text';
import type { ZipSource } from '../package/zip-source';

/** An Excel table (ListObject, xl/tables/tableN.xml) on the data sheet. */
export interface SheetTable {
  /** Zip path of the table part. */
  path: string;
  xml: string;
  name: string;
  range: CellRange;
  headerRows: number;
  totalsRows: number;
}

/** The data sheet's tables, read while the price list streams: the layout depends on them. */
export async function readTables(zip: ZipSource, sheetPath: string, sheetXml: string): Promise<SheetTable[]> {
  const partIds = findStartTags(sheetXml, 'tablePart')
    .map((t) => [...parseAttributes(t)].find(([k]) => k === 'r:id' || k.endsWith(':id'))?.[1])
    .filter((id): id is string => !!id);
  if (partIds.length === 0) return [];
  const relsEntry = zip.find(relsPathFor(sheetPath));
  if (!relsEntry) return [];
  const rels = parseRelationships(await zip.readText(relsEntry), sheetPath);
  const out: SheetTable[] = [];
  for (const id of partIds) {
    const rel = rels.get(id);
    const entry = rel && !rel.external ? zip.find(rel.target) : undefined;
    if (!entry) continue;
    const xml = await zip.readText(entry);
    const tag = findStartTags(xml, 'table')[0];
    const a = tag ? parseAttributes(tag) : undefined;
    const ref = a?.get('ref');
    if (!a || !ref || !ref.includes(':')) continue;
    // The table grows with the rows written, from its own columns.
    requireInSheet(ref, 'template');
    out.push({
      path: entry.fileName,
      xml,
      name: a.get('displayName') ?? a.get('name') ?? '',
      range: parseRange(ref),
      headerRows: a.has('headerRowCount') ? Number(a.get('headerRowCount')) || 0 : 1,
      totalsRows: Number(a.get('totalsRowCount')) || 0,
    });
  }
  return out;
}

/**
 * Where the data sheet's pivot tables lie (each part's `<location ref>`): rows must not be written
 * over one, and what is written there need not hold a value in the sheet (a writer may leave the
 * layout to Excel's refresh). Found through the sheet's relationships; none when it has none.
 */
export async function readPivotRanges(zip: ZipSource, sheetPath: string): Promise<CellRange[]> {
  const relsEntry = zip.find(relsPathFor(sheetPath));
  if (!relsEntry) return [];
  const out: CellRange[] = [];
  for (const rel of parseRelationships(await zip.readText(relsEntry), sheetPath).values()) {
    if (rel.external || !rel.type.endsWith('/pivotTable')) continue;
    const entry = zip.find(rel.target);
    const location = entry ? findStartTags(await zip.readText(entry), 'location')[0] : undefined;
    const ref = location ? parseAttributes(location).get('ref') : undefined;
    if (ref) {
      requireInSheet(ref, 'template');
      out.push(parseRange(ref));
    }
  }
  return out;
}

/** The `ref` of each table on a sheet, found through the sheet's relationships (its XML unread). */
export async function readTableRefs(zip: ZipSource, sheetPath: string): Promise<string[]> {
  const relsEntry = zip.find(relsPathFor(sheetPath));
  if (!relsEntry) return [];
  const out: string[] = [];
  for (const rel of parseRelationships(await zip.readText(relsEntry), sheetPath).values()) {
    const entry = !rel.external && rel.type.endsWith('/table') ? zip.find(rel.target) : undefined;
    const tag = entry ? findStartTags(await zip.readText(entry), 'table')[0] : undefined;
    const ref = tag ? parseAttributes(tag).get('ref') : undefined;
    if (ref) out.push(ref);
  }
  return out;
}
