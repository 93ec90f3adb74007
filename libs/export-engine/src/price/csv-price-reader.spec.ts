import { ERR } from '@app/contracts';
import { inspectPriceList } from './csv-price-reader';
import { generateExport } from '../generate-export';
import { CSV_PRICE_FIXTURES, fixtureBytes, sampleItems } from '../testing/fixtures';
import { mapping, plain, readWorkbook } from '../testing/workbook-builders';

/** The sample rules (test/support/generate-helpers.ts): price and barcode looked up, keys detected. */
const rules = mapping({ manual: { ma: 2, gm: 3, name: 4, minQty: 6, step: 7 }, price: { '6': 5, '8': 8 } });

async function rows(xlsx: Buffer): Promise<unknown[][]> {
  const ws = (await readWorkbook(xlsx)).getWorksheet('Данные')!;
  const out: unknown[][] = [];
  ws.eachRow((row, n) => {
    if (n > 1) out.push([1, 2, 3, 4, 5, 6, 7, 8].map((c) => plain(row.getCell(c).value) ?? null));
  });
  return out;
}

const run = (price: Buffer, items = sampleItems(), m = rules) => generateExport({ price, template: fixtureBytes('template-sample.xlsx'), items, mapping: m });

describe('a CSV price list', () => {
  let fromXlsx: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => {
    fromXlsx = await run(fixtureBytes('price-sample.xlsx'));
  });

  it.each(CSV_PRICE_FIXTURES)('%s gives the export price-sample.xlsx gives', async (name) => {
    const out = await run(fixtureBytes(name));
    expect(out.report).toEqual(fromXlsx.report);
    const got = await rows(out.xlsx);
    expect(got).toEqual(await rows(fromXlsx.xlsx));
    // Price as a number, the 13-digit barcode as text, as in the workbook.
    expect(got[0][4]).toBe(49.9);
    expect(got[0][7]).toBe('4607000000000');
  });

  it('uses key columns set in the rules, and counts duplicates as for a workbook', async () => {
    const csv = Buffer.from('МА;ГМ;Цена\n0031000;77000;10,5\n31000;77001;11\n;77003;12\n', 'utf8');
    const m = mapping({ manual: { ma: 1 }, price: { '3': 5 }, keys: { ma: 1, gm: 2 } });
    const out = await run(csv, [{ ma: '0031000', gm: '', name: '', minQty: 1, step: 1 }, { ma: '1', gm: '77003', name: '', minQty: 1, step: 1 }], m);
    expect(out.report).toMatchObject({ matchedByMa: 1, matchedByGm: 1, duplicateKeys: 1, keyColumns: { ma: 1, gm: 2 } });
    expect((await rows(out.xlsx)).map((r) => r[4])).toEqual([10.5, 12]);
  });

  it('is refused in Russian when it holds no cells at all', async () => {
    await expect(run(Buffer.from('\ufeff\r\n;;\r\n', 'utf8'))).rejects.toThrow(`Прейскурант: ${ERR.csvNoRows.charAt(0).toLowerCase()}`);
  });
});

describe('inspectPriceList', () => {
  it('accepts a workbook and each CSV fixture, naming the format', async () => {
    expect(await inspectPriceList(fixtureBytes('price-sample.xlsx'))).toBe('xlsx');
    for (const name of CSV_PRICE_FIXTURES) expect(await inspectPriceList(fixtureBytes(name))).toBe('csv');
  });

  it('refuses text without a header and a row, binary data and empty files, each in its own words', async () => {
    await expect(inspectPriceList(Buffer.from('только одна строка;и всё\n'))).rejects.toThrow(ERR.csvNoRows);
    await expect(inspectPriceList(Buffer.from('Прайс-лист\nна сегодня\n'))).rejects.toThrow(ERR.csvNoRows);
    await expect(inspectPriceList(Buffer.from([0x13, 0x37, 0x00, 0xff, 0x42, 0x01, 0x02]))).rejects.toThrow(ERR.priceNotTable);
    // Text at the start (what the quick look sees), binary further on.
    await expect(inspectPriceList(Buffer.from(`Код;Цена\n${'1;2\n'.repeat(2000)}\u0000\u0000`, 'utf8'))).rejects.toThrow(ERR.csvNotText);
    await expect(inspectPriceList(Buffer.alloc(0))).rejects.toThrow(ERR.fileEmpty);
    await expect(inspectPriceList(fixtureBytes('price-sample.xls'))).rejects.toThrow(ERR.fileXls);
  });
});
