import JSZip from 'jszip';
import { readFile, writeFile } from 'node:fs/promises';

/**
 * Rewrites a price list's `t="str"` text cells (exceljs's streaming writer without shared strings)
 * as `t="inlineStr"` `<is><t>…</t></is>`, the form other streaming writers use: the same texts, in
 * the markup the engine reads on a slower path than `<v>`. Formula cells (`<f>` before `<v>`) are
 * left alone. Whole parts in memory: a benchmark input, not a production path.
 */
export async function rewriteAsInlineStrings(path: string): Promise<void> {
  const zip = await JSZip.loadAsync(await readFile(path));
  for (const name of Object.keys(zip.files).filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n))) {
    const xml = await zip.file(name)!.async('string');
    const inline = xml.replace(/ t="str"><v>([^<]*)<\/v>/g, (_m, text: string) => {
      const preserve = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
      return ` t="inlineStr"><is><t${preserve}>${text}</t></is>`;
    });
    zip.file(name, inline);
  }
  await writeFile(path, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } }));
}
