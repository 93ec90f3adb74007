import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateExport } from '../generate-export';
import { benchItems, PRICE_COLUMNS, priceCodes, writePriceList } from '../testing/price-fixture';
import { mapping, readWorkbook } from '../testing/workbook-builders';
import { FIXTURES } from '../testing/fixtures';

/** The benchmark's generated price list, in small: deterministic, and the engine finds every item. */
describe('reference price list (testing/price-fixture)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'price-fixture-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is deterministic and every spread item is found by MA, the missing ones reported', async () => {
    const a = join(dir, 'a.xlsx');
    await writePriceList(a, { rows: 3000 });
    expect(statSync(a).size).toBeGreaterThan(100_000);
    const items = benchItems(3000, 200, 5);
    const out = await generateExport({
      price: a,
      template: join(FIXTURES, 'template-sample.xlsx'),
      items,
      mapping: mapping({ manual: { ma: 2, gm: 3, name: 4, minQty: 6, step: 7 }, price: { [PRICE_COLUMNS.price]: 5, [PRICE_COLUMNS.barcode]: 8, [PRICE_COLUMNS.date]: 9 } }),
    });
    expect(out.report).toMatchObject({ rows: 200, matchedByMa: 195, matchedByGm: 0, duplicateKeys: 0, keyColumns: { ma: PRICE_COLUMNS.ma, gm: PRICE_COLUMNS.gm } });
    expect(out.report.unmatched).toHaveLength(5);
    const ws = (await readWorkbook(out.xlsx)).getWorksheet('Данные')!;
    const stride = Math.floor(3000 / 200);
    expect(ws.getCell('B3').value).toBe(priceCodes(stride).ma);
    expect(ws.getCell('H3').value).toBe(priceCodes(stride).barcode);
    expect(ws.getCell('I3').value).toBeInstanceOf(Date);
  });

  it('matches GM codes stored as numbers when the MA is unknown', async () => {
    const a = join(dir, 'b.xlsx');
    await writePriceList(a, { rows: 500, seed: 7 });
    const items = [{ ma: 'нет', gm: String(priceCodes(42).gm), name: '', minQty: 1, step: 1 }];
    const out = await generateExport({ price: a, template: join(FIXTURES, 'template-sample.xlsx'), items, mapping: mapping({ price: { [PRICE_COLUMNS.article]: 2 } }) });
    expect(out.report.matchedByGm).toBe(1);
    expect((await readWorkbook(out.xlsx)).getWorksheet('Данные')!.getCell('B2').value).toBe(priceCodes(42).article);
  });
});
