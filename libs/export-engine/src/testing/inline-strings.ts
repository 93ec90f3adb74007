import JSZip from 'jszip';

/**
 * The same workbook with the texts of its sheets written inline, `t="inlineStr"` `<is><t>…</t></is>`,
 * as streaming writers do: shared-string cells (`t="s"`) take their `<si>` content, plain text cells
 * (`t="str"` without a formula: exceljs's streaming writer without a string table) their text.
 * Formula cells are left alone. Whole parts in memory: for tests and benchmark inputs, not a
 * production path. Throws when there is nothing to rewrite, so a caller never tests the wrong form.
 */
export async function toInlineStrings(xlsx: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(xlsx);
  const sst = zip.file(/^xl\/sharedStrings\.xml$/i)[0];
  const texts = sst ? [...(await sst.async('string')).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => m[1]) : [];
  let rewritten = 0;
  for (const name of Object.keys(zip.files).filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n))) {
    const xml = await zip.file(name)!.async('string');
    const inline = xml
      .replace(/<c ([^>]*?)t="s"([^>]*)><v>(\d+)<\/v><\/c>/g, (_m, before: string, after: string, i: string) => {
        rewritten++;
        return `<c ${before}t="inlineStr"${after}><is>${texts[Number(i)]}</is></c>`;
      })
      .replace(/ t="str"><v>([^<]*)<\/v>/g, (_m, text: string) => {
        rewritten++;
        const preserve = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
        return ` t="inlineStr"><is><t${preserve}>${text}</t></is>`;
      });
    zip.file(name, inline);
  }
  if (rewritten === 0) throw new Error('no text cells to write inline');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
