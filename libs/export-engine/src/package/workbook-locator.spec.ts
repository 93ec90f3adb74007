import { generateExport } from '../generate-export';
import { buildWorkbook, item, mapping } from '../testing/workbook-builders';
import { zipEntries, zipText } from '../testing/zip-entries';
import { rewriteParts } from '../testing/zip-rewrite';
import { inspectXlsx } from './xlsx-inspector';

/**
 * The same workbook with its workbook part moved to `to` (the zip root or another folder), every
 * relationship written relative to the new place, as hand-made and some generated files have it.
 */
async function moveWorkbook(xlsx: Buffer, to: string, targetsFrom: string): Promise<Buffer> {
  const folder = to.includes('/') ? to.slice(0, to.lastIndexOf('/') + 1) : '';
  const workbook = await zipText(xlsx, 'xl/workbook.xml');
  const rels = await zipText(xlsx, 'xl/_rels/workbook.xml.rels');
  return rewriteParts(xlsx, {
    'xl/workbook.xml': null,
    'xl/_rels/workbook.xml.rels': null,
    [to]: workbook,
    [`${folder}_rels/${to.slice(folder.length)}.rels`]: rels.replace(/Target="/g, `Target="${targetsFrom}`),
    '_rels/.rels': (xml) => xml.replace('Target="xl/workbook.xml"', `Target="${to}"`),
    '[Content_Types].xml': (xml) => xml.replace('PartName="/xl/workbook.xml"', `PartName="/${to}"`),
  });
}

describe('a workbook part that is not xl/workbook.xml', () => {
  it.each([
    ['at the zip root', 'workbook.xml', 'xl/'],
    ['in another folder', 'book/main.xml', '../xl/'],
  ])('is found through _rels/.rels, its parts relative to its folder (%s)', async (_case, to, targetsFrom) => {
    const price = await moveWorkbook(await buildWorkbook([{ name: 'Данные', rows: [['Код', 'Цена'], ['111', 49.9]] }]), to, targetsFrom);
    const template = await moveWorkbook(await buildWorkbook([{ name: 'Данные', rows: [['МА', 'Цена']] }]), to, targetsFrom);
    expect([...(await zipEntries(template)).keys()]).not.toContain('xl/workbook.xml');
    await expect(inspectXlsx(template)).resolves.toBeUndefined();
    const out = await generateExport({ price, template, items: [item('111')], mapping: mapping({ manual: { ma: 1 }, price: { '2': 2 } }) });
    expect(out.report.matchedByMa).toBe(1);
    expect(await zipText(out.xlsx, 'xl/worksheets/sheet1.xml')).toMatch(/<c r="B2"[^>]*><v>49.9<\/v><\/c>/);
  });

  it('a zip without any workbook part is still no workbook', async () => {
    const built = await buildWorkbook([{ name: 'Данные', rows: [['МА']] }]);
    const noWorkbook = await rewriteParts(built, { 'xl/workbook.xml': null, '_rels/.rels': (xml) => xml.replace('Target="xl/workbook.xml"', 'Target="book.xml"') });
    await expect(inspectXlsx(noWorkbook)).rejects.toMatchObject({ code: 'FILE_NOT_WORKBOOK' });
  });
});
