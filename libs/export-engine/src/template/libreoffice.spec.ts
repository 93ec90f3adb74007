import { join } from 'node:path';
import { generateExport } from '../generate-export';
import { hasLibreOffice, libreOfficeCsv } from '../testing/libreoffice';
import { item, mapping } from '../testing/workbook-builders';
import { FIXTURES, sampleItems } from '../testing/fixtures';

/**
 * LibreOffice as an independent reader of what the engine writes: if our XML patching produced
 * anything Calc cannot open, or lost the codes' leading zeros, this is where it shows.
 */
const describeLo = hasLibreOffice() ? describe : describe.skip;

describeLo('output opened by LibreOffice', () => {
  jest.setTimeout(120_000);

  it('the sample export: data sheet (2nd) with codes, names, prices, quantities', async () => {
    const out = await generateExport({
      price: join(FIXTURES, 'price-sample.xlsx'),
      template: join(FIXTURES, 'template-sample.xlsx'),
      items: sampleItems(),
      mapping: mapping({ manual: { ma: 2, gm: 3, name: 4, minQty: 6, step: 7 }, price: { '6': 5, '8': 8 } }),
    });
    const [instructions, data] = await Promise.all([libreOfficeCsv(out.xlsx, 1), libreOfficeCsv(out.xlsx, 2)]);
    expect(instructions.length).toBeGreaterThan(0);
    expect(data[0].slice(1, 4)).toEqual(['Код МА', 'Код ГМ', 'Наименование товара']);
    expect(data[1].slice(1, 8)).toEqual(['0031000', '77000', 'Молоко 3,2% 1 л', '49.9', '1', '1', '4607000000000']);
    expect(data[2].slice(1, 8)).toEqual(['0031003', '77003', 'Масло сливочное 82,5% 180 г', '71.95', '6', '6', '4607000000039']);
    expect(data[13].slice(1, 8)).toEqual(['0099999', '99999', 'Нет в прейскуранте', '', '1', '1', '']);
    expect(data).toHaveLength(14);
  });

  it('an Excel template with charts and a table, and special characters in text', async () => {
    const out = await generateExport({
      price: join(FIXTURES, 'lo-price-sample.xlsx'),
      template: join(FIXTURES, 'real/Book1.xlsx'),
      items: [item('0031000', '', 'A & B <c> "кавычки"'), item('007', '', '  пробелы  ')],
      mapping: mapping({ manual: { ma: 3, name: 4 } }),
    });
    const sheet1 = await libreOfficeCsv(out.xlsx, 1);
    expect(sheet1[22].slice(2, 4)).toEqual(['0031000', 'A & B <c> "кавычки"']);
    expect(sheet1[23].slice(2, 4)).toEqual(['007', '  пробелы  ']);
  });
});
