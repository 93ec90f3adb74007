import type { CheckWarning, CheckWarningCode, Item, Mapping, ProfileHeaders } from '@app/contracts';
import { CHECK_WARNING, CHECK_WARNINGS_PER_CODE, exportWarningCount } from '@app/contracts';
import { checkExport } from '../check-export';
import { WarningList, type CheckFacts } from './check-facts';
import { generateExport } from '../generate-export';
import { DUPLICATE_POSITIONS_SHOWN, duplicateWarnings } from './item-warnings';
import { addValidation, CHECK_MAPPING, checkPrice, checkPriceCsv, checkTemplate, dateCell, PRICE_HEADER } from '../testing/check-fixtures';
import { inlineCell, minimalXlsx } from '../testing/minimal-xlsx';
import { item, mapping, type CellInput } from '../testing/workbook-builders';
import { rewriteParts } from '../testing/zip-rewrite';

/** DESIGN §11: each warning kind of the check, on small built inputs. */

const GOOD = '4006381333931';

async function warningsOf(
  code: CheckWarningCode,
  items: Item[],
  rows: CellInput[][] | Buffer,
  options: { template?: Buffer; mapping?: Mapping; remembered?: ProfileHeaders } = {},
): Promise<CheckWarning[]> {
  const out = await checkExport({
    price: Buffer.isBuffer(rows) ? rows : await checkPrice(rows),
    template: options.template ?? (await checkTemplate()),
    items,
    mapping: options.mapping ?? CHECK_MAPPING,
    remembered: options.remembered,
  });
  expect(out.warningCounts[code] ?? 0).toBe(out.warnings.filter((w) => w.code === code).length);
  return out.warnings.filter((w) => w.code === code);
}

describe('check warnings', () => {
  it('qty-not-multiple: minQty off the step, at the minQty column', async () => {
    const w = await warningsOf('qty-not-multiple', [item('A', '', '', 5, 2), item('B', '', '', 6, 2), item('C', '', '', 7, 1)], [['A', '', 1, GOOD]]);
    expect(w).toEqual([{ code: 'qty-not-multiple', item: 0, column: 5, message: 'Мин. кол-во 5 не кратно шагу 2' }]);
  });

  it('duplicate-item: every repeat after the first, with all positions; GM when MA is empty', async () => {
    const items = [item('0031000'), item('A'), item(' 31000'), item('', '77'), item('0031000'), item('', '77'), item('', '')];
    const w = await warningsOf('duplicate-item', items, [['A', '', 1, GOOD]]);
    expect(w).toEqual([
      { code: 'duplicate-item', item: 2, column: 1, message: 'Код 31000 повторяется в позициях 1, 3, 5' },
      { code: 'duplicate-item', item: 4, column: 1, message: 'Код 0031000 повторяется в позициях 1, 3, 5' },
      { code: 'duplicate-item', item: 5, column: 2, message: 'Код 77 повторяется в позициях 4, 6' },
    ]);
  });

  it('ambiguous-price: the code in several rows that differ in a mapped column; none when they agree', async () => {
    const rows: CellInput[][] = [
      ['0031000', '', 10, GOOD],
      ['A', '', 1, GOOD],
      ['31000', '', 12, GOOD],
      ['B', '', 5, GOOD, 'шт'],
      ['B', '', 5, GOOD, 'шт'],
      ['0031000', '', 10, GOOD],
    ];
    const w = await warningsOf('ambiguous-price', [item('0031000'), item('B')], rows);
    expect(w).toEqual([{ code: 'ambiguous-price', item: 0, column: 4, message: 'Код 0031000 найден в строках прейскуранта 2, 4, 7 с разными значениями' }]);
    // Unmapped columns may differ.
    const m = mapping({ manual: { ma: 1 }, price: { '4': 7 }, keys: { ma: 1, gm: 2 } });
    expect(await warningsOf('ambiguous-price', [item('0031000')], rows, { mapping: m })).toEqual([]);
  });

  it('empty-price: a found item with nothing in a mapped price cell (letter of the price column)', async () => {
    const w = await warningsOf('empty-price', [item('A'), item('B'), item('нет')], [['A', '', null, GOOD, 'шт', 45000], ['B', '', 3, GOOD, '  ', 45000]]);
    expect(w).toEqual([
      { code: 'empty-price', item: 0, column: 4, message: 'Пустая ячейка прейскуранта в колонке C' },
      { code: 'empty-price', item: 1, column: 8, message: 'Пустая ячейка прейскуранта в колонке E' },
    ]);
  });

  it('validation: list, decimal range and text length of the template, only in the rows they cover', async () => {
    const tpl = await checkTemplate((ws) => {
      addValidation(ws, 'H2:H3', { type: 'list', allowBlank: true, formulae: ['"шт,кг"'] });
      addValidation(ws, 'D2:D100', { type: 'decimal', operator: 'between', formulae: [0, 100] });
      addValidation(ws, 'C2:C100', { type: 'textLength', operator: 'lessThanOrEqual', formulae: [5] });
    });
    const rows: CellInput[][] = [['A', '', 150, GOOD, 'уп'], ['B', '', 50, GOOD, 'кг'], ['C', '', 50, GOOD, 'уп']];
    const w = await warningsOf('validation', [item('A', '', 'Сыр'), item('B', '', 'Молоко'), item('C', '', 'Сыр'), item('A', '', 'Сыр')], rows, { template: tpl });
    expect(w).toEqual([
      { code: 'validation', item: 0, column: 4, message: 'Значение «150» не проходит проверку шаблона в колонке D' },
      { code: 'validation', item: 0, column: 8, message: 'Значение «уп» не проходит проверку шаблона в колонке H' },
      { code: 'validation', item: 1, column: 3, message: 'Значение «Молоко» не проходит проверку шаблона в колонке C' },
      // Item 2 (row 4) has `уп` too, but the list covers rows 2–3 only.
      { code: 'validation', item: 3, column: 4, message: 'Значение «150» не проходит проверку шаблона в колонке D' },
    ]);
  });

  it('validation: a list on another sheet, by range or by defined name', async () => {
    const lists = { name: 'Списки', rows: [['шт'], ['кг'], ['л']] as CellInput[][] };
    for (const formula of ['Списки!$A$1:$A$3', 'Единицы']) {
      const tpl = await checkTemplate(
        (ws) => {
          addValidation(ws, 'H2:H100', { type: 'list', formulae: [formula] });
          ws.workbook.definedNames.add('Списки!$A$1:$A$3', 'Единицы');
        },
        undefined,
        [lists],
      );
      const w = await warningsOf('validation', [item('A'), item('B')], [['A', '', 1, GOOD, 'Л'], ['B', '', 1, GOOD, 'уп']], { template: tpl });
      expect(w).toEqual([{ code: 'validation', item: 1, column: 8, message: 'Значение «уп» не проходит проверку шаблона в колонке H' }]);
    }
  });

  it('bad-gtin: by the template header, by the price header, by the values', async () => {
    const rows: CellInput[][] = [['A', '', 1, '4006381333932'], ['B', '', 1, GOOD], ['C', '', 1, '4006381333931 ']];
    expect(await warningsOf('bad-gtin', [item('A'), item('B')], rows)).toEqual([
      { code: 'bad-gtin', item: 0, column: 7, message: 'Неверная контрольная цифра штрихкода 4006381333932' },
    ]);
    // The price's `Штрихкод` into a template column named otherwise.
    const intoName = mapping({ manual: { ma: 1 }, price: { '4': 9 }, keys: { ma: 1, gm: 2 } });
    expect((await warningsOf('bad-gtin', [item('A')], rows, { mapping: intoName })).map((w) => w.column)).toEqual([9]);
    // Neither header says so: every value reads like a barcode.
    const plainHeaders = await checkPrice(rows, PRICE_HEADER.map((h, i) => (i === 3 ? 'Доп. код' : h)));
    const tpl = await checkTemplate(undefined, ['Код МА', '', '', '', '', '', '', '', 'Прочее']);
    expect((await warningsOf('bad-gtin', [item('A'), item('B')], plainHeaders, { mapping: intoName, template: tpl })).map((w) => w.item)).toEqual([0]);
    // One value that is not a barcode: the column is not a barcode column.
    const mixed = await checkPrice([...rows, ['D', '', 1, 'нет']], PRICE_HEADER.map((h, i) => (i === 3 ? 'Доп. код' : h)));
    expect(await warningsOf('bad-gtin', [item('A'), item('D')], mixed, { mapping: intoName, template: tpl })).toEqual([]);
  });

  it('damaged-code: exponent texts in the key column, and numbers that lost an item code’s zeros', async () => {
    const rows: CellInput[][] = [['4,60700123457E+12', '', 1, GOOD], [31000, '', 1, GOOD], ['A', '', 1, '4.6E+12'], ['B', '5E+3', 1, GOOD]];
    const w = await warningsOf('damaged-code', [item('0031000'), item('A'), item('нет', '77')], rows);
    expect(w).toEqual([
      { code: 'damaged-code', column: 1, message: 'Код 4,60700123457E+12 в прейскуранте испорчен Excel' },
      { code: 'damaged-code', column: 2, message: 'Код 5E+3 в прейскуранте испорчен Excel' },
      { code: 'damaged-code', item: 0, column: 1, message: 'Код 31000 в прейскуранте испорчен Excel' },
    ]);
  });

  it('damaged-code: a number cell written in exponent form that matched, and a CSV', async () => {
    const xlsx = await rewriteParts(await checkPrice([[4607001234570, '', 1, GOOD]]), {
      'xl/worksheets/sheet1.xml': (xml) => xml.replace('<v>4607001234570</v>', '<v>4.60700123457E+12</v>'),
    });
    expect(await warningsOf('damaged-code', [item('4607001234570')], xlsx)).toEqual([
      { code: 'damaged-code', item: 0, column: 1, message: 'Код 4.60700123457E+12 в прейскуранте испорчен Excel' },
    ]);
    const csv = checkPriceCsv([['4,60700123457E+12', '', 1, GOOD], [31000, '', 1, GOOD]]);
    expect((await warningsOf('damaged-code', [item('0031000')], csv)).map((w) => [w.item, w.message])).toEqual([
      [undefined, 'Код 4,60700123457E+12 в прейскуранте испорчен Excel'],
      [0, 'Код 31000 в прейскуранте испорчен Excel'],
    ]);
  });

  it('damaged-code: a key column detected, not set', async () => {
    const m = mapping({ manual: { ma: 1 }, price: { '3': 4 } });
    const w = await warningsOf('damaged-code', [item('0031000'), item('A')], [['A', '', 1], [31000, '', 1], ['4.6E+12', '', 1]], { mapping: m });
    expect(w.map((x) => [x.item, x.column, x.message])).toEqual([
      [undefined, 1, 'Код 4.6E+12 в прейскуранте испорчен Excel'],
      [0, 1, 'Код 31000 в прейскуранте испорчен Excel'],
    ]);
  });

  it('formula-no-value: per column the export reads, for formulas a writer stored without their value', async () => {
    // As SheetJS (no <v>) and openpyxl (an empty <v>) write formulas; G is read by no rule.
    const header = `<row r="1">${PRICE_HEADER.map((h, i) => inlineCell(`${'ABCDEF'[i]}1`, h)).join('')}${inlineCell('G1', 'Прочее')}</row>`;
    const price = minimalXlsx({
      rows:
        header +
        `<row r="2">${inlineCell('A2', 'A')}<c r="C2"><f>10*2</f></c><c r="D2"><v>${GOOD}</v></c>${inlineCell('E2', 'шт')}<c r="G2"><f>C2</f></c></row>` +
        `<row r="3">${inlineCell('A3', 'B')}<c r="C3"><f>12*2</f><v></v></c><c r="D3"><v>${GOOD}</v></c><c r="E3" t="str"><f>"шт"</f></c></row>` +
        `<row r="4">${inlineCell('A4', 'C')}<c r="C4"><f>7*2</f><v>14</v></c></row>`,
    });
    const w = await warningsOf('formula-no-value', [item('A'), item('B'), item('C')], price);
    expect(w).toEqual([
      { code: 'formula-no-value', column: 3, message: 'В прейскуранте формулы без вычисленных значений (колонка C): откройте файл в Excel и сохраните его заново' },
      { code: 'formula-no-value', column: 5, message: CHECK_WARNING.formulaNoValue('E') },
    ]);
    // The export's report counts them, and so its toast (X-Export-Warnings).
    const input = { price, template: await checkTemplate(), items: [item('A'), item('B'), item('C')], mapping: CHECK_MAPPING };
    const out = await generateExport(input);
    expect(out.report.checkWarnings?.['formula-no-value']).toBe(2);
    expect(exportWarningCount(out.report)).toBe((await checkExport(input)).warnings.length);
    // A price list whose formulas all have values says nothing.
    const computed = minimalXlsx({ rows: header + `<row r="2">${inlineCell('A2', 'A')}<c r="C2"><f>10*2</f><v>20</v></c></row>` });
    expect(await warningsOf('formula-no-value', [item('A')], computed)).toEqual([]);
  });

  it('header-changed: the guard on both files, with file and movedTo', async () => {
    const remembered = { template: { '4': 'Штрихкод', '1': 'Код МА' }, price: { '3': 'Что-то' } };
    const w = await warningsOf('header-changed', [item('A')], [['A', '', 1, GOOD]], { remembered });
    expect(w).toEqual([
      {
        code: 'header-changed',
        column: 4,
        file: 'template',
        movedTo: 7,
        message: 'Колонка D шаблона теперь «Цена», правило составлено для «Штрихкод». Заголовок теперь в колонке G',
      },
      { code: 'header-changed', column: 3, file: 'price', message: 'Колонка C прейскуранта теперь «Цена», правило составлено для «Что-то»' },
    ]);
  });

  it('lists the file’s warnings first, then item by item, and counts each code', async () => {
    const out = await checkExport({
      price: await checkPrice([['4.6E+12', '', 1, GOOD], ['A', '', 1, '4006381333932']]),
      template: await checkTemplate(),
      items: [item('A', '', '', 3, 2), item('нет'), item('A')],
      mapping: mapping({ manual: { ma: 1, minQty: 5, step: 6 }, price: { '3': 4, '4': 7 }, keys: { ma: 1, gm: 2 } }),
    });
    expect(out.warnings.map((w) => [w.item, w.code])).toEqual([
      [undefined, 'damaged-code'],
      [0, 'qty-not-multiple'],
      [0, 'bad-gtin'],
      [2, 'duplicate-item'],
      [2, 'bad-gtin'],
    ]);
    expect(out.warningCounts).toEqual({ 'damaged-code': 1, 'qty-not-multiple': 1, 'bad-gtin': 2, 'duplicate-item': 1 });
  });
});

describe('check warnings of a large task', () => {
  /** duplicate-item alone, every warning kept: it needs only the items and the rules. */
  const duplicatesOf = (items: Item[]) => {
    const list = new WarningList(Infinity);
    duplicateWarnings({ items, mapping: CHECK_MAPPING } as Pick<CheckFacts, 'items' | 'mapping'> as CheckFacts, list);
    return list;
  };

  it('duplicate-item names the first positions of a code, then …; 10,000 repeats stay short', () => {
    const items = Array.from({ length: 10_000 }, () => item('A-1'));
    const list = duplicatesOf(items);
    expect(list.counts).toEqual({ 'duplicate-item': 9_999 });
    expect(list.warnings.map((w) => w.item)).toEqual(Array.from({ length: 9_999 }, (_, i) => i + 1));
    const positions = Array.from({ length: DUPLICATE_POSITIONS_SHOWN }, (_, i) => i + 1).join(', ');
    expect(new Set(list.warnings.map((w) => w.message))).toEqual(new Set([`Код A-1 повторяется в позициях ${positions}, …`]));
  });

  it('duplicate-item: all positions up to the limit, no … at it; the repeats in item order', () => {
    const items = Array.from({ length: DUPLICATE_POSITIONS_SHOWN }, () => item('A'));
    expect(duplicatesOf(items).warnings[0].message).toBe(`Код A повторяется в позициях ${Array.from({ length: DUPLICATE_POSITIONS_SHOWN }, (_, i) => i + 1).join(', ')}`);
    const mixed = duplicatesOf([item('A'), item('B'), item('', 'G'), item('B'), item('A'), item('', 'G')]);
    expect(mixed.warnings.map((w) => [w.item, w.message])).toEqual([
      [3, 'Код B повторяется в позициях 2, 4'],
      [4, 'Код A повторяется в позициях 1, 5'],
      [5, 'Код G повторяется в позициях 3, 6'],
    ]);
  });

  it('names every item with a warning once, in order, whatever its kinds', async () => {
    // 0: off its step and repeated later; 1: fine; 2: repeats 0's code; 3: its price cell is empty.
    const items = [item('A', '', '', 3, 2), item('B'), item('A'), item('C')];
    const day = dateCell(2025, 2, 3);
    const price = await checkPrice([['A', '', 1, GOOD, 'шт', day], ['B', '', 2, GOOD, 'шт', day], ['C', '', null, GOOD, 'шт', day]]);
    const out = await checkExport({ price, template: await checkTemplate(), items, mapping: CHECK_MAPPING });
    expect(out.warnings.map((w) => [w.code, w.item])).toEqual([
      ['qty-not-multiple', 0],
      ['duplicate-item', 2],
      ['empty-price', 3],
    ]);
    expect(out.warnedItems).toEqual([0, 2, 3]);
  });

  it(`lists at most ${CHECK_WARNINGS_PER_CODE} of each code, the first in item order, and counts them all`, async () => {
    const n = CHECK_WARNINGS_PER_CODE + 50;
    // Every item off its step; pairs of items share a code, so every second one repeats it.
    const items = Array.from({ length: n }, (_, i) => item(`K-${Math.floor(i / 2)}`, '', '', 3, 2));
    const input = { price: await checkPrice([['4.6E+12', '', 1, GOOD]]), template: await checkTemplate(), items, mapping: CHECK_MAPPING };
    const out = await checkExport(input);
    expect(out.warningCounts).toEqual({ 'qty-not-multiple': n, 'duplicate-item': n / 2, 'damaged-code': 1 });
    const of = (code: CheckWarningCode) => out.warnings.filter((w) => w.code === code).map((w) => w.item);
    expect(of('qty-not-multiple')).toEqual(Array.from({ length: CHECK_WARNINGS_PER_CODE }, (_, i) => i));
    expect(of('duplicate-item')).toEqual(Array.from({ length: n / 2 }, (_, i) => 2 * i + 1));
    expect(of('damaged-code')).toEqual([undefined]);
    expect(out.warnings[0].code).toBe('damaged-code');
    // The items table filters on every warned item, the ones past the cut too; a file's own warning names none.
    expect(out.warnedItems).toEqual(Array.from({ length: n }, (_, i) => i));
    // Item by item, as before the cut.
    const order = out.warnings.map((w) => w.item ?? -1);
    expect(order).toEqual([...order].sort((a, b) => a - b));

    // Generate counts the same and makes no message for them.
    const made = jest.spyOn(CHECK_WARNING, 'qtyNotMultiple');
    const gen = await generateExport(input);
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    expect(gen.report.checkWarnings).toEqual(out.warningCounts);
  });
});

