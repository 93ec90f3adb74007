import type { Entry } from 'yauzl';
import { dropDoctype, mayHaveDoctype } from './xml-doctype';
import { declareUtf8, decodeXml } from './xml-encoding';
import { ZipWriter } from './zip-writer';
import type { ZipSource } from './zip-source';

/**
 * The template's zip again, the replaced parts deflated anew and every other entry copied raw —
 * but no part goes out with a DOCTYPE (see xml-doctype), so an XML part that has one is rewritten.
 */
export async function rezip(zip: ZipSource, replaced: Map<string, string>): Promise<Buffer> {
  const writer = new ZipWriter();
  for (const entry of zip.entries) {
    let content = replaced.get(entry.fileName);
    if (content === undefined && (await mayCarryDoctype(zip, entry))) content = await zip.readText(entry);
    if (content !== undefined) {
      writer.addFile(entry.fileName, Buffer.from(declareUtf8(dropDoctype(content)), 'utf8'), { time: entry.lastModFileTime, date: entry.lastModFileDate });
    } else {
      writer.addRaw({ ...entry, name: entry.fileName }, await zip.readBuffer(entry, true));
    }
  }
  return writer.finish();
}

/** Parts that are XML by their name (images and other binaries are never looked into). */
const XML_PART_RE = /\.(xml|rels|vml)$/i;

/** Whether a part copied from the template may hold a DOCTYPE; one that cannot be inflated goes out as it was. */
async function mayCarryDoctype(zip: ZipSource, entry: Entry): Promise<boolean> {
  if (!XML_PART_RE.test(entry.fileName)) return false;
  try {
    return mayHaveDoctype(decodeXml(await zip.readHead(entry)));
  } catch {
    return false;
  }
}
