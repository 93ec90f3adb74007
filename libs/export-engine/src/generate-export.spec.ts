import { join } from 'node:path';
import { generateExport } from './generate-export';
import { item, mapping, plain, readWorkbook } from './testing/workbook-builders';
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
      // The sample's barcodes (4607000000000, …) are made up: none has a right check digit.
      checkWarnings: { 'bad-gtin': 12 },
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

describe('generateExport: digest (DESIGN §11)', () => {
  const price = join(FIXTURES, 'price-sample.xlsx');
  const template = join(FIXTURES, 'template-sample.xlsx');

  it('keys every item by its normalised MA, with the mapped price values written', async () => {
    const out = await generateExport({ price, template, items: sampleItems(), mapping: sampleMapping });
    expect(Object.keys(out.digest)).toHaveLength(13);
    expect(out.digest['31000']).toEqual({ item: 0, code: '0031000', found: true, values: { '5': 49.9, '8': '4607000000000' } });
    expect(out.digest['99999']).toEqual({ item: 12, code: '0099999', found: false, values: {} });
  });

  it('falls back to GM, skips items without codes, keeps the first of repeated keys', async () => {
    const items = [item('', '77000'), item('', ''), item(' 0031000'), item('31000', '77001')];
    const out = await generateExport({ price, template, items, mapping: sampleMapping });
    expect(out.digest).toEqual({
      '77000': { item: 0, code: '77000', found: true, values: { '5': 49.9, '8': '4607000000000' } },
      '31000': { item: 2, code: ' 0031000', found: true, values: { '5': 49.9, '8': '4607000000000' } },
    });
  });

  it('does not list a price value that a typed value overrode', async () => {
    const m = mapping({ manual: { ma: 2, name: 5 }, price: { '6': 5 } });
    const out = await generateExport({ price, template, items: [item('0031000', '', 'Своё')], mapping: m });
    expect(out.digest['31000'].values).toEqual({});
  });
});

describe('generateExport: the template guard (DESIGN §10)', () => {
  const price = join(FIXTURES, 'price-sample.xlsx');
  const template = join(FIXTURES, 'template-sample.xlsx');

  it('reports changed headers of both files, with the column the header moved to', async () => {
    const remembered = { template: { '5': 'Штрихкод', '2': 'Код МА' }, price: { '6': 'Остаток' } };
    const out = await generateExport({ price, template, items: sampleItems(), mapping: sampleMapping, remembered });
    expect(out.report.warnings).toEqual([
      { kind: 'headerChanged', file: 'template', column: 5, now: 'Цена закупки, руб.', expected: 'Штрихкод', movedTo: 8 },
      { kind: 'headerChanged', file: 'price', column: 6, now: 'Цена, руб.', expected: 'Остаток', movedTo: 9 },
    ]);
  });

  it('says nothing when the remembered headers are still there (or nothing is remembered)', async () => {
    const remembered = { template: { '5': 'Цена закупки, руб.' }, price: {} };
    const out = await generateExport({ price, template, items: sampleItems(), mapping: sampleMapping, remembered });
    expect(out.report.warnings).toBeUndefined();
  });
});
