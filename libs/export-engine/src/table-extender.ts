import { columnFromRef, findStartTags, parseAttributes, rowFromRef } from './xml-text';
import { parseRelationships, relsPathFor } from './workbook-locator';
import type { WrittenRange } from './template-writer';
import type { ZipSource } from './zip-source';
import { columnLetter } from '@app/contracts';

/**
 * When the template's data area is an Excel table (ListObject) whose range ends where the data
 * starts, the table is stretched over the written rows so filters and banding cover them.
 * Returns the table parts to replace: zip path → new XML.
 */
export async function extendTables(zip: ZipSource, sheetPath: string, sheetXml: string, range: WrittenRange): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (range.lastRow < range.firstRow) return out;
  const partIds = findStartTags(sheetXml, 'tablePart')
    .map((t) => [...parseAttributes(t)].find(([k]) => k === 'r:id' || k.endsWith(':id'))?.[1])
    .filter((id): id is string => !!id);
  if (partIds.length === 0) return out;
  const relsEntry = zip.find(relsPathFor(sheetPath));
  if (!relsEntry) return out;
  const rels = parseRelationships(await zip.readText(relsEntry), sheetPath);
  for (const id of partIds) {
    const rel = rels.get(id);
    const entry = rel && !rel.external ? zip.find(rel.target) : undefined;
    if (!entry) continue;
    const xml = await zip.readText(entry);
    const tableTag = findStartTags(xml, 'table')[0];
    const ref = tableTag ? parseAttributes(tableTag).get('ref') : undefined;
    if (!ref || !ref.includes(':')) continue;
    const [a, b] = ref.split(':');
    const top = rowFromRef(a);
    const bottom = rowFromRef(b);
    // Only a table that sits on the header rows and reaches the data area belongs to it.
    if (!(top < range.firstRow && bottom >= range.firstRow - 1 && bottom < range.lastRow)) continue;
    const newRef = `${a}:${columnLetter(columnFromRef(b))}${range.lastRow}`;
    const patched = xml.replace(/(<(?:[A-Za-z_][\w.-]*:)?(?:table|autoFilter)\b[^>]*?\bref\s*=\s*")([^"]*)(")/g, (m, pre: string, old: string, post: string) =>
      old === ref ? `${pre}${newRef}${post}` : m,
    );
    out.set(entry.fileName, patched);
  }
  return out;
}
