import JSZip from 'jszip';

/** What to do with one part: new content, a change of its text, or null to remove it. */
export type PartEdit = string | Buffer | null | ((xml: string) => string);

/**
 * The same xlsx with some parts changed, for tests that need what a builder cannot write
 * (another writer's quirks, a broken part). Whole parts in memory: not a production path.
 */
export async function rewriteParts(xlsx: Buffer, edits: Record<string, PartEdit>): Promise<Buffer> {
  const zip = await JSZip.loadAsync(xlsx);
  for (const [name, edit] of Object.entries(edits)) {
    if (edit === null) zip.remove(name);
    else if (typeof edit === 'function') {
      const part = zip.file(name);
      if (!part) throw new Error(`${name} not in zip`);
      const before = await part.async('string');
      const after = edit(before);
      if (after === before) throw new Error(`edit of ${name} changed nothing`);
      zip.file(name, after);
    } else zip.file(name, edit);
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
