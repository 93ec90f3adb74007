import { ZipSource } from '../package/zip-source';

/** Every entry of an xlsx, inflated: for byte-level comparisons in tests. */
export async function zipEntries(xlsx: Buffer): Promise<Map<string, Buffer>> {
  const zip = await ZipSource.open(xlsx);
  try {
    const out = new Map<string, Buffer>();
    for (const e of zip.entries) out.set(e.fileName, await zip.readBuffer(e));
    return out;
  } finally {
    zip.close();
  }
}

export async function zipText(xlsx: Buffer, name: string): Promise<string> {
  const entries = await zipEntries(xlsx);
  const found = [...entries].find(([n]) => n.toLowerCase() === name.toLowerCase());
  if (!found) throw new Error(`${name} not in zip`);
  return found[1].toString('utf8');
}

/** A sheet part's XML with `<sheetData>` and `<dimension>` cut out: what must survive untouched. */
export function outsideSheetData(xml: string): string {
  return xml.replace(/<sheetData\b[^>]*?\/>|<sheetData\b[^>]*>[\s\S]*?<\/sheetData>/, '<sheetData/>').replace(/<dimension [^>]*>/, '');
}
