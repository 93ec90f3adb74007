import { generateExport } from '../generate-export';
import { StylesPatcher } from './styles-patcher';
import { readCellFormats } from '../package/styles-reader';
import { buildWorkbook, item, mapping, readWorkbook } from '../testing/workbook-builders';
import { rewriteParts } from '../testing/zip-rewrite';

/** styles.xml as LibreOffice writes it: General spelled out as custom format 164 on the default style. */
const generalAsCustom = (code: string) => (xml: string) =>
  xml
    .replace('<fonts ', `<numFmts count="1"><numFmt numFmtId="164" formatCode="${code}"/></numFmts><fonts `)
    .replace(/(<cellXfs[^>]*><xf )numFmtId="0"/, '$1numFmtId="164"');

describe('a General format written as a custom one', () => {
  it('counts as no format of its own, in any case', () => {
    for (const code of ['General', 'GENERAL']) {
      const xml = generalAsCustom(code)('<styleSheet><fonts count="0"/><cellXfs count="1"><xf numFmtId="0" fontId="0"/></cellXfs></styleSheet>');
      expect(new StylesPatcher(xml).numFmtOf(0)).toBe(0);
      expect(readCellFormats(xml).formatOf(0)).toEqual({ id: 0, code: 'General' });
    }
  });

  it('lets price cells keep their formats and codes get @ (LibreOffice-made template)', async () => {
    const built = await buildWorkbook([{ name: 'Данные', rows: [['МА', 'Цена', 'Дата']] }]);
    const template = await rewriteParts(built, { 'xl/styles.xml': generalAsCustom('General') });
    const price = await buildWorkbook([
      { name: 'Данные', rows: [['Код', 'Цена', 'Дата'], ['111', { value: 49.9, numFmt: '0.00' }, { value: new Date(Date.UTC(2024, 4, 1)), numFmt: 'dd.mm.yyyy' }]] },
    ]);
    const out = await generateExport({ price, template, items: [item('111')], mapping: mapping({ manual: { ma: 1 }, price: { '2': 2, '3': 3 } }) });
    const ws = (await readWorkbook(out.xlsx)).getWorksheet('Данные')!;
    expect(ws.getCell('A2').numFmt).toBe('@');
    expect(ws.getCell('B2').numFmt).toBe('0.00');
    expect(ws.getCell('C2').numFmt).toBe('dd.mm.yyyy');
    expect(ws.getCell('C2').value).toEqual(new Date(Date.UTC(2024, 4, 1)));
  });
});
