import { declareUtf8 } from './xml-encoding';
import { ZipWriter } from './zip-writer';
import type { ZipSource } from './zip-source';

/**
 * The template's zip again, the replaced parts deflated anew and every other entry copied raw. No
 * part of it holds a DOCTYPE: a template with one is refused when it is opened (xml-doctype.ts).
 */
export async function rezip(zip: ZipSource, replaced: Map<string, string>): Promise<Buffer> {
  const writer = new ZipWriter();
  for (const entry of zip.entries) {
    const content = replaced.get(entry.fileName);
    if (content !== undefined) {
      writer.addFile(entry.fileName, Buffer.from(declareUtf8(content), 'utf8'), { time: entry.lastModFileTime, date: entry.lastModFileDate });
    } else {
      writer.addRaw({ ...entry, name: entry.fileName }, await zip.readBuffer(entry, true));
    }
  }
  return writer.finish();
}
