import { join } from 'node:path';
import { generateExport } from './generate-export';
import { mapping, plain, readWorkbook } from './testing/workbook-builders';
import { FIXTURES, sampleItems } from './testing/fixtures';

const sampleMapping = mapping({ manual: { ma: 2, gm: 3, name: 4, minQty: 6, step: 7 }, price: { '6': 5, '8': 8 } });

describe('generateExport on the sample fixtures', () => {
  it.each(['template-sample.xlsx', 'lo-template-sample.xlsx'])('fills %s from price-sample.xlsx', async (template) => {
    const items = sampleItems();
    const out = await generateExport({ price: join(FIXTURES, 'price-sample.xlsx'), template: join(FIXTURES, template), items, mapping: sampleMapping });
    expect(out.report).toEqual({
      rows: 13,
      matchedByMa: 12,
      matchedByGm: 0,
      unmatched: [{ index: 12, ma: '0099999', gm: '99999' }],
      duplicateKeys: 0,
      keyColumns: { ma: 2, gm: 3 },
    });
    const wb = await readWorkbook(out.xlsx);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Инструкция', 'Данные']);
    const ws = wb.getWorksheet('Данные')!;
    expect(plain(ws.getCell('B2').value)).toBe('0031000');
    expect(plain(ws.getCell('C2').value)).toBe('77000');
    expect(plain(ws.getCell('D2').value)).toBe('Молоко 3,2% 1 л');
    expect(typeof ws.getCell('E2').value).toBe('number');
    expect(ws.getCell('F3').value).toBe(6);
    expect(ws.getCell('B14').value).toBe('0099999');
    expect(ws.getCell('E14').value).toBeNull();
  });
});
