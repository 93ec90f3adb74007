import { readdirSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import type { Item, Mapping } from '@app/contracts';
import { readColumns } from './column-reader';
import { generateExport } from './generate-export';
import { checkExport } from './check-export';
import { SharedPriceMiss } from './export-inputs';
import { covers } from './price-sharing';
import { CHECK_MAPPING, checkPrice, checkPriceCsv, checkTemplate, PRICE_HEADER } from './testing/check-fixtures';
import { CSV_PRICE_FIXTURES, fixture, fixtureBytes, sampleItems } from './testing/fixtures';
import { inlineCell, minimalXlsx } from './testing/minimal-xlsx';
import { shareDifferences, shareOf, type ShareTask } from './testing/share-check';
import { item, mapping, type CellInput } from './testing/workbook-builders';
import { rewriteParts } from './testing/zip-rewrite';

/**
 * DESIGN §12 "Speed": a batch reads its price list once (sharePrice) and each export takes its
 * matches from the share. Every export must come out exactly as without the share: the same
 * xlsx bytes, report, digest and check.
 */

const sampleMapping = mapping({ manual: { ma: 2, gm: 3, name: 4, minQty: 6, step: 7 }, price: { '6': 5, '8': 8 } });
const GOOD = '4006381333931';

/** Four tasks over the sample items: overlapping, fewer columns, codes swapped (one's MA another's GM), key columns set. */
function sampleTasks(items: Item[] = sampleItems(), base: Mapping = sampleMapping): ShareTask[] {
  const only = (price: Mapping['priceToTemplate']): Mapping => ({ ...base, priceToTemplate: price });
  return [
    { items: items.slice(0, 8), mapping: base, remembered: { template: { '5': 'Штрихкод' }, price: { '6': 'Остаток' } } },
    { items: items.slice(4), mapping: only(Object.fromEntries(Object.entries(base.priceToTemplate).slice(0, 1))) },
    { items: items.slice(2, 10).map((it) => ({ ...it, ma: it.gm, gm: it.ma })), mapping: only(Object.fromEntries(Object.entries(base.priceToTemplate).slice(-1))) },
    { items: items.slice(1, 12), mapping: { ...base, priceKeys: { ma: 2, gm: 3 } } },
  ];
}

async function expectSame(price: string | Buffer, template: string | Buffer, tasks: ShareTask[], covered?: boolean[]) {
  const result = await shareDifferences(price, template, tasks);
  expect(result.differences).toEqual(tasks.map(() => ''));
  if (covered) expect(result.covered).toEqual(covered);
  return result;
}

describe('sharePrice: exports equal to their own reads', () => {
  it.each(['price-sample.xlsx', 'lo-price-sample.xlsx', ...CSV_PRICE_FIXTURES])('the fixture %s', async (name) => {
    await expectSame(fixture(name), fixture('template-sample.xlsx'), sampleTasks(), [true, true, true, true]);
  });

  it('a task whose items are not all in the share reads the price list itself, still exact', async () => {
    const price = fixture('price-sample.xlsx');
    const tasks = sampleTasks();
    const share = await shareOf(price, tasks.slice(0, 2));
    const outsider: ShareTask = { items: [...tasks[0].items, item('0031006', '77777')], mapping: sampleMapping };
    const wider: ShareTask = { items: tasks[0].items, mapping: { ...sampleMapping, priceToTemplate: { ...sampleMapping.priceToTemplate, '4': 4 } } };
    expect(covers(share, outsider.items, outsider.mapping)).toBe(false);
    expect(covers(share, wider.items, wider.mapping)).toBe(false);
    const result = await shareDifferences(price, fixture('template-sample.xlsx'), [tasks[0], outsider, wider], share);
    expect(result).toEqual({ covered: [true, false, false], differences: ['', '', ''] });
  });

  it('is plain data: a structured clone, and v8 bytes (as engine threads and workers pass it), give the same exports', async () => {
    const share = await shareOf(fixture('price-sample.xlsx'), sampleTasks());
    const clones = [structuredClone(share), deserialize(serialize(share)) as typeof share];
    const input = { price: null, template: fixture('template-sample.xlsx'), ...sampleTasks()[0] };
    const a = await generateExport({ ...input, sharedPrice: share });
    for (const clone of clones) {
      expect(clone).toEqual(share);
      const b = await generateExport({ ...input, sharedPrice: clone });
      expect(b.xlsx.equals(a.xlsx)).toBe(true);
      expect(b.report).toEqual(a.report);
    }
  });

  it('read without the headers: tasks guarding none read no price file; one guarding price headers reads them from it, still exact', async () => {
    const price = fixture('price-sample.xlsx');
    const template = fixture('template-sample.xlsx');
    const tasks = sampleTasks();
    // A remembered header the list no longer has: the guard's warning must come out the same.
    const guarded: ShareTask = { ...tasks[0], remembered: { template: {}, price: { '6': 'Было другое' } } };
    const share = await shareOf(price, [guarded, ...tasks.slice(1)], undefined, { headers: false });
    expect(share.priceColumns).toBeUndefined();
    expect(await shareDifferences(price, template, tasks.slice(1), share)).toEqual({ covered: [true, true, true], differences: ['', '', ''] });
    const own = await generateExport({ price, template, ...guarded });
    const shared = await generateExport({ price, template, ...guarded, sharedPrice: share });
    expect(own.report.warnings?.some((w) => w.kind === 'headerChanged')).toBe(true);
    expect(shared.report).toEqual(own.report);
    expect(shared.xlsx.equals(own.xlsx)).toBe(true);
  });

  it('without the price file, a share that cannot answer says so (SharedPriceMiss) instead of reading or guessing', async () => {
    const price = fixture('price-sample.xlsx');
    const template = fixture('template-sample.xlsx');
    const tasks = sampleTasks();
    const share = await shareOf(price, tasks.slice(1), undefined, { headers: false });
    const outsider = { items: [...tasks[1].items, item('0031006', '77777')], mapping: sampleMapping };
    const guarding: ShareTask = { ...tasks[1], remembered: { template: {}, price: { '6': 'Остаток' } } };
    expect(covers(share, guarding.items, guarding.mapping)).toBe(true);
    // Not covered, and covered but guarding price headers the share did not read.
    for (const task of [outsider, guarding]) {
      await expect(generateExport({ price: null, template, ...task, sharedPrice: share })).rejects.toBeInstanceOf(SharedPriceMiss);
      await expect(checkExport({ price: null, template, ...task, sharedPrice: share })).rejects.toBeInstanceOf(SharedPriceMiss);
    }
    await expect(generateExport({ price: null, template, ...tasks[1] })).rejects.toBeInstanceOf(SharedPriceMiss);
  });
});

describe('sharePrice on generated price lists', () => {
  const template = () => checkTemplate();
  const keysDetected = mapping({ manual: { ma: 1, gm: 2, name: 3, minQty: 5, step: 6 }, price: { '3': 4, '4': 7 } });

  /** Repeated codes with other prices, damaged codes as text and as a number, a formula without value, codes in other columns. */
  async function messyPrice(): Promise<Buffer> {
    const rows: CellInput[][] = [
      ['A', '77', 10, GOOD, 'шт'],
      ['B', '4,60700123457E+12', 20, GOOD],
      ['A', '77', 11, GOOD],
      ['4.6E+12', '', 1, 'A'],
      ['C', 'B', 30, '5E+3'],
      [31000, '88', 40, GOOD],
      ['D', 'A', 50, GOOD],
      ['A', '', 10, GOOD],
      [4607001234570, '99', 60, GOOD],
      ['E', 'D', 70, '4,6Е+12'],
      ['\t4.6E+12', 'F', 80, GOOD],
      ...Array.from({ length: 30 }, (_, i): CellInput[] => [i % 2 ? 'B' : 'C', `G${i}`, 100 + i, GOOD]),
    ];
    const xlsx = await checkPrice(rows);
    return rewriteParts(xlsx, {
      'xl/worksheets/sheet1.xml': (xml) =>
        xml.replace('<v>4607001234570</v>', '<v>4.60700123457E+12</v>').replace(/(<c r="C10"[^>]*>)<v>60<\/v>/, '$1<f>1+1</f>'),
    });
  }

  const tasks = (m: Mapping): ShareTask[] => [
    { items: [item('A', '77'), item('0031000'), item('нет', '88'), item('C')], mapping: m },
    { items: [item('77', 'A'), item('B'), item('D', 'E'), item('4607001234570')], mapping: { ...m, priceToTemplate: { '3': 4 } } },
    { items: [item('88', '31000'), item('G3', 'C'), item('', 'B')], mapping: { ...m, priceKeys: { ma: 1, gm: 2 } } },
    { items: [item('E'), item('F', '99')], mapping: { ...m, priceToTemplate: { '4': 7 } } },
  ];

  it('xlsx with repeats, damaged codes and a formula without value', async () => {
    const { covered } = await expectSame(await messyPrice(), await template(), tasks(keysDetected));
    // The task with key columns set reads past them (column C's formula): it reads the file itself.
    expect(covered).toEqual([true, true, false, true]);
  });

  it('xlsx without formulas: every task covered, key columns set or detected', async () => {
    const rows: CellInput[][] = [['A', '77', 10, GOOD], ['4.6E+12', 'B', 20, GOOD], ['A', '77', 12, '5E+3'], ['C', 'A', 30, GOOD], ['\t4.6E+12', '31000', 40, GOOD]];
    await expectSame(await checkPrice(rows), await template(), tasks(keysDetected), [true, true, true, true]);
    await expectSame(await checkPrice(rows), await template(), tasks(CHECK_MAPPING), [true, true, true, true]);
  });

  it('a share read with the key columns every task sets: those tasks covered, others read the file', async () => {
    // The messy list's formula in C, past the key columns, leaves the tasks reading C to their own read.
    const lists: [Buffer, boolean[]][] = [
      [await messyPrice(), [false, false, false, true, false, false]],
      [await checkPrice([['A', '77', 10, GOOD], ['4.6E+12', 'B', 20, GOOD], ['A', '77', 12, '5E+3'], ['C', 'A', 30, GOOD]]), [true, true, true, true, true, false]],
    ];
    for (const [price, expected] of lists) {
      const batch = tasks(CHECK_MAPPING);
      const share = await shareOf(price, batch, { ma: 1, gm: 2 });
      const other = { ...batch[0], mapping: { ...CHECK_MAPPING, priceKeys: { ma: 2, gm: 1 } } };
      const detected = { ...batch[1], mapping: keysDetected };
      const { covered, differences } = await shareDifferences(price, await template(), [...batch, other, detected], share);
      expect(differences).toEqual(['', '', '', '', '', '']);
      expect(covered).toEqual(expected);
    }
  });

  it('CSV', async () => {
    const csv = checkPriceCsv([['A', '77', 10, GOOD], ['4,60700123457E+12', 'B', 20, GOOD], ['A', '77', 11, GOOD], ['C', 'A', 30, '4.6E+12'], [31000, '88', 1, GOOD]]);
    await expectSame(csv, await template(), tasks(keysDetected), [true, true, true, true]);
  });

  it('inline strings, cells out of column order', async () => {
    const header = `<row r="1">${PRICE_HEADER.map((h, i) => inlineCell(`${'ABCDEF'[i]}1`, h)).join('')}</row>`;
    const price = minimalXlsx({
      rows:
        header +
        `<row r="2">${inlineCell('A2', 'A')}${inlineCell('B2', '77')}<c r="C2"><v>10</v></c></row>` +
        `<row r="3"><c r="C3"><v>20</v></c>${inlineCell('A3', 'B')}${inlineCell('B3', '4.6E+12')}</row>` +
        `<row r="4">${inlineCell('A4', 'A')}<c r="C4"><v>11</v></c></row>`,
    });
    const { covered } = await expectSame(price, await template(), tasks(keysDetected));
    expect(covered).toEqual([true, true, false, true]);
  });

  it('a key of another task that reads like a damaged code: the task reads the file itself', async () => {
    const price = await checkPrice([['A', '77', 10, GOOD], ['4.6E+12', 'B', 20, GOOD]]);
    const batch: ShareTask[] = [
      { items: [item('A'), item('4.6E+12')], mapping: keysDetected },
      { items: [item('A'), item('B')], mapping: keysDetected },
    ];
    await expectSame(price, await template(), batch, [true, false]);
  });

  it('an empty price sheet: each task fails as it would alone', async () => {
    const price = minimalXlsx({ rows: '' });
    const { differences } = await shareDifferences(price, await template(), tasks(keysDetected));
    expect(differences).toEqual(['', '', '', '']);
  });
});

describe('sharePrice on the real-world corpus', () => {
  const dirs = ['realworld', 'real'];
  const files = dirs.flatMap((d) => readdirSync(fixture(d)).filter((n) => n.endsWith('.xlsx')).map((n) => `${d}/${n}`));

  it.each(files)('%s', async (name) => {
    const price = fixtureBytes(name);
    // Codes from the list itself (its headers and first values), so that something matches.
    const columns = await readColumns(price, 'price').catch(() => undefined);
    const codes = columns?.columns.flatMap((c) => [c.header, ...c.samples]).filter(Boolean) ?? [];
    const items = codes.length >= 4 ? codes.map((code, i) => item(code, codes[(i + 3) % codes.length])) : sampleItems();
    const base = mapping({ manual: { ma: 2, gm: 3, name: 4, minQty: 6, step: 7 }, price: { '1': 5, '2': 8, '3': 9 } });
    const batch = sampleTasks(items, base);
    const share = await shareOf(price, batch).catch((err: unknown) => err as Error);
    if (share instanceof Error) {
      // Not a price list: each export fails alone with the same error.
      await expect(generateExport({ price, template: fixture('template-sample.xlsx'), ...batch[0] })).rejects.toThrow(share.message);
      return;
    }
    const { differences } = await shareDifferences(price, fixture('template-sample.xlsx'), batch, share);
    expect(differences).toEqual(batch.map(() => ''));
  });
});
