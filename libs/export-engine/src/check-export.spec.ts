import { CHECK_ROWS_MAX, exportWarningCount, warningText, type CheckWarningCode, type Item } from '@app/contracts';
import { checkExport } from './check-export';
import { generateExport } from './generate-export';
import { CHECK_MAPPING, checkPrice, checkPriceCsv, checkTemplate, dateCell, TEMPLATE_HEADER } from './testing/check-fixtures';
import { buildWorkbook, item, plain, readWorkbook, type CellInput } from './testing/workbook-builders';

/** DESIGN §11: the check's rows, explanations and summary, against what generate writes. */

const M = CHECK_MAPPING;
const template = () => checkTemplate();
const price = (rows: CellInput[][]) => checkPrice(rows);
const date = dateCell;

const PRICE_ROWS: CellInput[][] = [
  ['0031000', '77000', 49.9, '4006381333931', 'шт', date(2025, 2, 3)],
  [31001, '77001', 57.25, '4006381333931', 'кг', null],
  ['MA-2', '77002', 10, '4006381333931', 'шт', null],
  ['X-3', '77003', 11, '4006381333931', 'шт', null],
];
const ITEMS: Item[] = [item('0031000', '77000', 'Молоко', 2, 1), item('0031001', '', 'Кефир'), item('\u043c\u0430-2'), item('нет', ' 77003 '), item('нет', 'нет', 'Нет в прейскуранте')];

describe('checkExport: the rows', () => {
  it('shows the rows exactly as generate writes them', async () => {
    const input = { price: await price(PRICE_ROWS), template: await template(), items: ITEMS, mapping: M };
    const [check, gen] = await Promise.all([checkExport(input), generateExport(input)]);
    const ws = (await readWorkbook(gen.xlsx)).getWorksheet('Данные')!;
    expect(check.rows).toHaveLength(ITEMS.length);
    check.rows.forEach((row, i) => {
      for (let col = 1; col <= TEMPLATE_HEADER.length; col++) {
        const written = plain(ws.getCell(gen.placement!.firstRow + i, col).value);
        const shown = written instanceof Date ? written.toISOString().slice(0, 10) : written;
        expect([i, col, row.cells[String(col)] ?? null]).toEqual([i, col, shown]);
      }
    });
    expect(check.rows[0].cells).toEqual({ '1': '0031000', '2': '77000', '3': 'Молоко', '4': 49.9, '5': 2, '6': 1, '7': '4006381333931', '8': 'шт', '9': '2025-02-03' });
    expect(check.digest).toEqual(gen.digest);
  });

  it('counts in the export report the same warnings it lists (the toast of Сформировать tells them)', async () => {
    const items = [...ITEMS, item('0031000', '', 'Повтор', 5, 2)];
    const input = { price: await price(PRICE_ROWS), template: await template(), items, mapping: M };
    const [check, gen] = await Promise.all([checkExport(input), generateExport(input)]);
    expect(check.warningCounts).toMatchObject({ 'duplicate-item': 2, 'qty-not-multiple': 1 });
    expect(gen.report.checkWarnings).toEqual(check.warningCounts);
    expect(exportWarningCount(gen.report)).toBe(check.warnings.length);

    // A table whose totals row cannot move below the items (something is under it), and a
    // remembered header that moved: the report has both among its warnings, counted once each.
    const tpl = await checkTemplate((ws) => {
      ws.addTable({
        name: 'Zakaz',
        ref: 'A1',
        headerRow: true,
        totalsRow: true,
        columns: TEMPLATE_HEADER.map((name, i) => (i === 0 ? { name, totalsRowLabel: 'Итого' } : { name })),
        rows: [TEMPLATE_HEADER.map(() => null), TEMPLATE_HEADER.map(() => null)],
      });
      ws.getCell('A8').value = 'Подпись';
    });
    const laid = { ...input, template: tpl, remembered: { template: { '4': 'Штрихкод' }, price: {} } };
    const [check2, gen2] = await Promise.all([checkExport(laid), generateExport(laid)]);
    expect(gen2.report.warnings?.map((w) => w.kind)).toEqual(['tableNotExtended', 'headerChanged']);
    expect(check2.warningCounts).toMatchObject({ 'template-layout': 1, 'header-changed': 1, 'duplicate-item': 2, 'qty-not-multiple': 1 });
    expect(check2.warnings.filter((w) => w.code === 'template-layout')).toEqual([
      { code: 'template-layout', message: warningText({ kind: 'tableNotExtended', table: 'Zakaz' }) },
    ]);
    expect(gen2.report.checkWarnings).toEqual(check2.warningCounts);
    const listed = Object.values(check2.warningCounts).reduce((sum, n) => sum + (n ?? 0), 0);
    expect(check2.warnings).toHaveLength(listed);
    expect(exportWarningCount(gen2.report)).toBe(listed);
  });

  it('counts a report made before the check counted the layout: its layout warnings once', () => {
    const counts: Partial<Record<CheckWarningCode, number>> = { 'header-changed': 1, 'bad-gtin': 2 };
    const warnings = [
      { kind: 'mergeOverData' as const, ref: 'A2:B3' },
      { kind: 'headerChanged' as const, file: 'template' as const, column: 4, expected: 'Штрихкод', now: 'Цена' },
    ];
    expect(exportWarningCount({ warnings, checkWarnings: counts })).toBe(4);
    expect(exportWarningCount({ warnings, checkWarnings: { ...counts, 'template-layout': 1 } })).toBe(4);
  });

  it('explains each match: by MA or GM, which steps it needed, the price row', async () => {
    const check = await checkExport({ price: await price(PRICE_ROWS), template: await template(), items: ITEMS, mapping: M });
    expect(check.rows.map(({ status, by, via, priceRow }) => ({ status, by, via, priceRow }))).toEqual([
      { status: 'found', by: 'ma', via: ['exact'], priceRow: 2 },
      { status: 'found', by: 'ma', via: ['leading-zeros'], priceRow: 3 },
      { status: 'found', by: 'ma', via: ['case', 'look-alike'], priceRow: 4 },
      { status: 'found', by: 'gm', via: ['spaces'], priceRow: 5 },
      { status: 'missing', by: null, via: [], priceRow: null },
    ]);
    expect(check.rows.map((r) => r.item)).toEqual([0, 1, 2, 3, 4]);
  });

  it('lists the written columns with the template header names', async () => {
    const check = await checkExport({ price: await price(PRICE_ROWS), template: await template(), items: ITEMS, mapping: M });
    expect(check.columns).toEqual(TEMPLATE_HEADER.map((header, i) => ({ index: i + 1, letter: 'ABCDEFGHI'[i], header })));
  });

  it('shows the first rowsMax rows (500 by default) and counts them all', async () => {
    const p = await price(PRICE_ROWS);
    const t = await template();
    const two = await checkExport({ price: p, template: t, items: ITEMS, mapping: M }, { rowsMax: 2 });
    expect(two.rows.map((r) => r.item)).toEqual([0, 1]);
    expect(two.rowsTotal).toBe(5);
    const many = Array.from({ length: CHECK_ROWS_MAX + 1 }, (_, i) => item(`Z-${i}`));
    const all = await checkExport({ price: p, template: t, items: many, mapping: M });
    expect(all.rows).toHaveLength(CHECK_ROWS_MAX);
    expect(all.rowsTotal).toBe(CHECK_ROWS_MAX + 1);
    expect(Object.keys(all.digest)).toHaveLength(CHECK_ROWS_MAX + 1);
    // Every item not found is named, past the rows shown too.
    expect(all.missingItems).toEqual(Array.from({ length: CHECK_ROWS_MAX + 1 }, (_, i) => i));
    expect(two.missingItems).toEqual([4]);
  });

  it('reads a CSV price list: rows numbered as its lines', async () => {
    const csv = checkPriceCsv([
      ['0031000', '77000', 49.9, '4006381333931', 'шт', '03.02.2025'],
      [31001, '77001', 57.25, '4006381333931', 'кг', ''],
    ]);
    const check = await checkExport({ price: csv, template: await template(), items: ITEMS.slice(0, 2), mapping: M });
    expect(check.rows.map(({ via, priceRow }) => ({ via, priceRow }))).toEqual([
      { via: ['exact'], priceRow: 2 },
      { via: ['leading-zeros'], priceRow: 3 },
    ]);
    expect(check.rows[0].cells['4']).toBe(49.9);
  });

  it('fails where generate fails, with the same error', async () => {
    const empty = await buildWorkbook([{ name: 'Данные', rows: [] }]);
    const input = { price: empty, template: await template(), items: ITEMS, mapping: M };
    const [gen, check] = await Promise.allSettled([generateExport(input), checkExport(input)]);
    expect(gen.status).toBe('rejected');
    expect(check).toEqual(gen);
  });
});
