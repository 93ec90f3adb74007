import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateExport } from './generate-export';
import { locateParts } from './package/workbook-locator';
import { ZipSource } from './package/zip-source';
import { buildWorkbook, item, mapping, plain, readWorkbook } from './testing/workbook-builders';
import { FIXTURES } from './testing/fixtures';
import { zipEntries } from './testing/zip-entries';

/** Workbooks written by Excel and others (excelize test data), as price lists and as templates. */

const real = (name: string) => join(FIXTURES, 'real', name);
const simpleTemplate = () => buildWorkbook([{ name: 'Данные', rows: [['МА', 'Значение', 'Ещё']] }]);

describe('real workbooks', () => {
  it('resolves parts through the relationships, case-insensitively (xl/SharedStrings.xml)', async () => {
    const zip = await ZipSource.open(real('CalcChain.xlsx'));
    try {
      const parts = await locateParts(zip);
      expect(parts.sharedStrings?.fileName).toBe('xl/SharedStrings.xml');
      expect(parts.dataSheet).toMatchObject({ name: 'Sheet1', path: 'xl/worksheets/sheet1.xml' });
    } finally {
      zip.close();
    }
    const book = await ZipSource.open(real('Book1.xlsx'));
    try {
      // Target="/xl/worksheets/sheet1.xml": an absolute part name.
      expect((await locateParts(book)).sheets.map((s) => s.path)).toEqual(['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml']);
    } finally {
      book.close();
    }
  });

  it('matches on formula results (CalcChain.xlsx: =SUM() cached 0 and 1)', async () => {
    const out = await generateExport({ price: real('CalcChain.xlsx'), template: await simpleTemplate(), items: [item('1')], mapping: mapping({ manual: { ma: 1 }, price: { '1': 2 } }) });
    expect(out.report).toMatchObject({ matchedByMa: 1, keyColumns: { ma: 2, gm: 0 } });
    expect((await readWorkbook(out.xlsx)).getWorksheet('Данные')!.getCell('B2').value).toBe(0);
  });

  it('reads rich shared strings with phonetic runs (SharedStrings.xlsx)', async () => {
    const out = await generateExport({ price: real('SharedStrings.xlsx'), template: await simpleTemplate(), items: [item('a')], mapping: mapping({ manual: { ma: 1 }, price: { '1': 2 } }) });
    expect(out.report.matchedByMa).toBe(1);
    expect((await readWorkbook(out.xlsx)).getWorksheet('Данные')!.getCell('B2').value).toBe('A');
  });

  it('matches a 13-digit number cell to the code typed as text (OverflowNumericCell.xlsx)', async () => {
    const out = await generateExport({ price: real('OverflowNumericCell.xlsx'), template: await simpleTemplate(), items: [item('8595602512225')], mapping: mapping({ manual: { ma: 1 }, price: { '1': 2 } }) });
    expect(out.report.matchedByMa).toBe(1);
    const ws = (await readWorkbook(out.xlsx)).getWorksheet('Данные')!;
    expect(ws.getCell('A2').value).toBe('8595602512225');
    expect(ws.getCell('B2').value).toBe(8595602512225);
  });

  it('fills below merged ranges and keeps them (MergeCell.xlsx as template)', async () => {
    const price = await buildWorkbook([{ name: 'Данные', rows: [['111', 'x']] }]);
    const out = await generateExport({ price, template: real('MergeCell.xlsx'), items: [item('111')], mapping: mapping({ manual: { ma: 1 }, price: { '2': 2 } }) });
    const ws = (await readWorkbook(out.xlsx)).getWorksheet('Sheet1')!;
    expect(plain(ws.getCell('A13').value)).toBe('111');
    expect(ws.getCell('B13').value).toBe('x');
    const before = (await zipEntries(readFileSync(real('MergeCell.xlsx')))).get('xl/worksheets/sheet1.xml')!.toString();
    const after = (await zipEntries(out.xlsx)).get('xl/worksheets/sheet1.xml')!.toString();
    expect(after.slice(after.indexOf('</sheetData>'))).toBe(before.slice(before.indexOf('</sheetData>')));
  });

  it('works with the LibreOffice-saved sample price list as well as the Excel one', async () => {
    const items = [item('0031003', '77003'), item('', '77006')];
    const m = mapping({ manual: { ma: 2 }, price: { '6': 5, '4': 4 } });
    for (const price of ['price-sample.xlsx', 'lo-price-sample.xlsx']) {
      const out = await generateExport({ price: join(FIXTURES, price), template: join(FIXTURES, 'lo-template-sample.xlsx'), items, mapping: m });
      expect(out.report).toMatchObject({ matchedByMa: 1, matchedByGm: 1, keyColumns: { ma: 2, gm: 3 } });
      const ws = (await readWorkbook(out.xlsx)).getWorksheet('Данные')!;
      expect(ws.getCell('E2').value).toBe(71.95);
      expect(typeof ws.getCell('D3').value).toBe('string');
    }
  });
});
