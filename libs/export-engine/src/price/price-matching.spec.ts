import { generateExport } from '../generate-export';
import { toInlineStrings } from '../testing/inline-strings';
import { buildWorkbook, item, mapping, plain, readWorkbook } from '../testing/workbook-builders';

/** DESIGN §5.1–5.3 and §5.7: which sheet, which row, and the report. */

const template = () => buildWorkbook([{ name: 'Данные', rows: [['МА', 'ГМ', 'Название', 'Цена', 'Остаток']] }]);

/** Price list with a title and a blank row above the header: those rows just never match. */
async function priceList(rows: unknown[][], sheets: string[] = ['Данные']) {
  return buildWorkbook(
    sheets.map((name, i) => ({
      name,
      rows: i === sheets.indexOf('Данные') || (sheets.indexOf('Данные') < 0 && i === 0) ? ([['Прайс-лист на 01.05.2024'], [], ['Артикул', 'Код МА', 'Код ГМ', 'Цена', 'Остаток'], ...rows] as never) : [['не тот лист']],
    })),
  );
}

const m = mapping({ manual: { ma: 1, gm: 2, name: 3 }, price: { '4': 4, '5': 5 } });

async function dataRows(xlsx: Buffer, from = 2, count = 10) {
  const ws = (await readWorkbook(xlsx)).getWorksheet('Данные')!;
  const out: unknown[][] = [];
  for (let r = from; r < from + count; r++) {
    const row = ws.getRow(r);
    out.push([1, 2, 3, 4, 5].map((c) => plain(row.getCell(c).value) ?? null));
  }
  return out;
}

describe('matching items to price rows', () => {
  it('matches MA first, then GM; unmatched items still get their row (report counts each)', async () => {
    const price = await priceList([
      ['A-1', '0031000', '77000', 10.5, 3],
      ['A-2', '0031003', '77003', 20, 4],
      ['A-3', '', '77006', 30, 5],
    ]);
    const items = [item('0031003', '77003', 'по МА'), item('0099999', '77006', 'по ГМ'), item('0088888', '66666', 'нет'), item('0031000', '', 'по МА 2')];
    const out = await generateExport({ price, template: await template(), items, mapping: m });
    expect(out.report).toEqual({
      rows: 4,
      matchedByMa: 2,
      matchedByGm: 1,
      unmatched: [{ index: 2, ma: '0088888', gm: '66666' }],
      duplicateKeys: 0,
      keyColumns: { ma: 2, gm: 3 },
    });
    expect(await dataRows(out.xlsx, 2, 4)).toEqual([
      ['0031003', '77003', 'по МА', 20, 4],
      ['0099999', '77006', 'по ГМ', 30, 5],
      ['0088888', '66666', 'нет', null, null],
      ['0031000', null, 'по МА 2', 10.5, 3],
    ]);
  });

  it('normalises keys: leading zeros vs numbers, spaces/NBSP, case, Cyrillic look-alikes, 13-digit numbers', async () => {
    const price = await priceList([
      ['A-1', 31000, 'x', 1, 0],
      ['A-2', ' GM-77005 ', 'x', 2, 0],
      ['A-3', 'МК\u00a0 12', 'x', 3, 0],
      ['A-4', 4607001234567, 'x', 4, 0],
    ]);
    const items = [item('0031000'), item('gm-77005'), item('mk 12'), item('4607001234567')];
    const out = await generateExport({ price, template: await template(), items, mapping: m });
    expect(out.report.matchedByMa).toBe(4);
    expect((await dataRows(out.xlsx, 2, 4)).map((r) => r[3])).toEqual([1, 2, 3, 4]);
    // The written codes are the items' own text, never the normalised key.
    expect((await dataRows(out.xlsx, 2, 1))[0][0]).toBe('0031000');
  });

  it('detects key columns by where most item codes occur (ties: leftmost) and obeys explicit ones', async () => {
    // Column A holds one MA code by accident, column C holds two: C wins. GM codes tie in D and E: D wins.
    const price = await buildWorkbook([
      {
        name: 'Данные',
        rows: [
          ['111', 'x', '111', 'g1', 'g2', 1],
          ['zzz', 'x', '222', 'g2', 'g1', 2],
        ],
      },
    ]);
    const items = [item('111', 'g1'), item('222', 'g2')];
    const auto = await generateExport({ price, template: await template(), items, mapping: mapping({ price: { '6': 4 } }) });
    expect(auto.report.keyColumns).toEqual({ ma: 3, gm: 4 });
    const fixed = await generateExport({ price, template: await template(), items: [item('', 'g1')], mapping: mapping({ price: { '6': 4 }, keys: { ma: 1, gm: 5 } }) });
    expect(fixed.report.keyColumns).toEqual({ ma: 1, gm: 5 });
    expect(fixed.report.matchedByGm).toBe(1);
    expect((await dataRows(fixed.xlsx, 2, 1))[0][3]).toBe(2);
  });

  it('reports key columns 0 when no code occurs anywhere', async () => {
    const price = await priceList([['A-1', '1', '2', 3, 4]]);
    const out = await generateExport({ price, template: await template(), items: [item('xyz', 'abc')], mapping: m });
    expect(out.report.keyColumns).toEqual({ ma: 0, gm: 0 });
    expect(out.report.unmatched).toEqual([{ index: 0, ma: 'xyz', gm: 'abc' }]);
  });

  it('takes the first occurrence of a key and counts later duplicates', async () => {
    const price = await priceList([
      ['A-1', '0031000', '1', 1, 0],
      ['A-2', '31000', '2', 2, 0],
      ['A-3', 31000, '3', 3, 0],
      ['A-4', '0031003', '4', 4, 0],
      ['A-5', '0031003', '5', 5, 0],
      ['A-6', '0077777', '6', 6, 0],
      ['A-7', '0077777', '7', 7, 0],
    ]);
    const out = await generateExport({ price, template: await template(), items: [item('0031000'), item('31003')], mapping: m });
    expect(out.report.duplicateKeys).toBe(3); // 31000 twice more, 31003 once more; 77777 is no item's key
    expect((await dataRows(out.xlsx, 2, 2)).map((r) => r[3])).toEqual([1, 4]);
  });

  it('reads the sheet named «Данные» (trimmed, any case), else the first sheet', async () => {
    const price = await buildWorkbook([
      { name: 'Обложка', rows: [['111', 'wrong']] },
      { name: ' данные ', rows: [['111', 'right']] },
    ]);
    const tpl = await buildWorkbook([
      { name: 'Инструкция', rows: [['Заполните лист «Данные»']] },
      { name: 'ДАННЫЕ', rows: [['МА', 'Что']] },
      { name: 'Справочник', rows: [['x']] },
    ]);
    const out = await generateExport({ price, template: tpl, items: [item('111')], mapping: mapping({ manual: { ma: 1 }, price: { '2': 2 } }) });
    const wb = await readWorkbook(out.xlsx);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Инструкция', 'ДАННЫЕ', 'Справочник']);
    expect(wb.getWorksheet('ДАННЫЕ')!.getCell('B2').value).toBe('right');
    expect(wb.getWorksheet('Инструкция')!.rowCount).toBe(1);

    const first = await buildWorkbook([
      { name: 'Лист1', rows: [['111', 'first']] },
      { name: 'Лист2', rows: [['111', 'second']] },
    ]);
    const out2 = await generateExport({ price: first, template: first, items: [item('111')], mapping: mapping({ manual: { ma: 1 }, price: { '2': 2 } }) });
    const wb2 = await readWorkbook(out2.xlsx);
    expect(wb2.getWorksheet('Лист1')!.getCell('B2').value).toBe('first');
    expect(wb2.getWorksheet('Лист2')!.rowCount).toBe(1);
  });

  it('uses formula results and rich text as keys and values', async () => {
    const price = await buildWorkbook([
      {
        name: 'Данные',
        rows: [
          [{ formula: '"00"&"123"', result: '00123' }, { richText: [{ text: 'Rich ' }, { text: 'Text', font: { bold: true } }] }, { formula: '2*21', result: 42 }],
          [{ richText: [{ text: 'К-' }, { text: '9' }] }, 'by rich key', 7],
        ],
      },
    ]);
    const out = await generateExport({
      price,
      template: await template(),
      items: [item('123'), item('k-9')],
      mapping: mapping({ manual: { ma: 1 }, price: { '2': 2, '3': 3 }, keys: { ma: 1 } }),
    });
    expect(out.report.matchedByMa).toBe(2);
    expect((await dataRows(out.xlsx, 2, 2)).map((r) => [r[1], r[2]])).toEqual([
      ['Rich Text', 42],
      ['by rich key', 7],
    ]);
  });

  it('reads codes and values kept in the sheet itself (inline strings, as streaming writers do), Cyrillic included', async () => {
    const price = await priceList([
      ['A-1', 'МК\u00a0 12', 'ГМ-1', 'Сыр «Российский»', 3],
      ['A-2', '0031000', 'ГМ-2', 'Молоко 3,2% & сливки', 4],
      ['A-3', 'ЖК-7', '', 'Кефир', 5],
    ]);
    const items = [item('mk 12'), item('31000'), item('нет', 'гм-2'), item('жк-7')];
    const shared = await generateExport({ price, template: await template(), items, mapping: m });
    const inline = await generateExport({ price: await toInlineStrings(price), template: await template(), items, mapping: m });
    expect(inline.report).toEqual(shared.report);
    expect(inline.report.matchedByMa + inline.report.matchedByGm).toBe(4);
    expect(await dataRows(inline.xlsx, 2, 4)).toEqual(await dataRows(shared.xlsx, 2, 4));
    expect((await dataRows(inline.xlsx, 2, 4)).map((r) => r[3])).toEqual(['Сыр «Российский»', 'Молоко 3,2% & сливки', 'Молоко 3,2% & сливки', 'Кефир']);
  });
});
