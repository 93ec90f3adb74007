import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateExport } from '../generate-export';
import { buildWorkbook, item, mapping, plain, readWorkbook } from '../testing/workbook-builders';
import { FIXTURES } from '../testing/fixtures';
import { outsideSheetData, zipEntries, zipText } from '../testing/zip-entries';
import { rewriteParts } from '../testing/zip-rewrite';

/** DESIGN §5.4–5.6: where rows go, what they look like, what survives. */

const price = () =>
  buildWorkbook([
    {
      name: 'Данные',
      rows: [
        ['Код', 'Цена', 'Дата', 'Есть', 'Текст', 'Сумма'],
        ['111', { value: 1234.5, numFmt: '#,##0.00 "руб."' }, { value: new Date(Date.UTC(2024, 4, 1)), numFmt: 'dd.mm.yyyy' }, true, '007', { value: 99.5, numFmt: '0.0' }],
        ['222', { value: 7, numFmt: '#,##0.00 "руб."' }, { value: new Date(Date.UTC(2024, 11, 31)), numFmt: 'dd.mm.yyyy' }, false, 'abc', { value: 1, numFmt: '0.0' }],
      ],
    },
  ]);

const styleOf = (styles: string, s: number) => (styles.match(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/)![1].match(/<xf\b[^>]*?(?:\/>|>[\s\S]*?<\/xf>)/g) ?? [])[s];

describe('template data rows (§5.4)', () => {
  it('starts after the last row holding a value, fills formatted empty rows in place, then copies the last one', async () => {
    const tpl = await buildWorkbook([
      {
        name: 'Данные',
        rows: [['Форма заказа'], [], ['МА', 'Кол-во'], [], ['примечание']],
        setup: (ws) => {
          const thin = { style: 'thin' as const };
          // Rows 6 and 7: empty but bordered; row 7 also yellow. Row 10: unformatted.
          for (const r of [6, 7]) for (const c of [1, 2, 3]) ws.getCell(r, c).border = { top: thin, bottom: thin, left: thin, right: thin };
          for (const c of [1, 2, 3]) ws.getCell(7, c).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } };
          ws.getRow(7).height = 30;
        },
      },
    ]);
    const items = [item('1'), item('2'), item('3'), item('4')];
    const out = await generateExport({ price: await price(), template: tpl, items, mapping: mapping({ manual: { ma: 1, minQty: 2 } }) });
    const ws = (await readWorkbook(out.xlsx)).getWorksheet('Данные')!;
    expect([5, 6, 7, 8, 9, 10].map((r) => plain(ws.getCell(r, 1).value) ?? null)).toEqual(['примечание', '1', '2', '3', '4', null]);
    expect(ws.getCell(6, 2).value).toBe(1);
    // In place: row 6 keeps its borders, row 7 its fill and height; rows 8–9 copy row 7.
    expect(ws.getCell(6, 3).border?.top?.style).toBe('thin');
    expect((ws.getCell(6, 1).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb).not.toBe('FFFFFF00');
    for (const r of [7, 8, 9]) {
      expect((ws.getCell(r, 1).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFFFF00');
      expect(ws.getCell(r, 3).border?.bottom?.style).toBe('thin');
      expect(ws.getRow(r).height).toBe(30);
    }
  });

  it('keeps the attributes of empty rows it writes over (height, hidden, outline level, row style)', async () => {
    const built = await buildWorkbook([{ name: 'Данные', rows: [['МА']] }]);
    const tpl = await rewriteParts(built, {
      'xl/worksheets/sheet1.xml': (xml) =>
        xml.replace('</row></sheetData>', '</row><row r="2" ht="40" customHeight="1" hidden="1" outlineLevel="1"/><row r="3" s="0" customFormat="1" ht="30" customHeight="1"/></sheetData>'),
    });
    const out = await generateExport({ price: await price(), template: tpl, items: [item('1'), item('2'), item('3')], mapping: mapping({ manual: { ma: 1 } }) });
    const rowTags = (await zipText(out.xlsx, 'xl/worksheets/sheet1.xml')).match(/<row [^>]*>/g)!;
    expect(rowTags.slice(1)).toEqual(['<row r="2" ht="40" customHeight="1" hidden="1" outlineLevel="1">', '<row r="3" s="0" customFormat="1" ht="30" customHeight="1">', '<row r="4">']);
  });

  it('without formatted rows uses the column style; merged header rows are not data rows', async () => {
    const tpl = await buildWorkbook([
      {
        name: 'Данные',
        rows: [['Заголовок на две строки'], [], ['МА', 'Цена']],
        setup: (ws) => {
          ws.mergeCells('A1:B2');
          ws.mergeCells('A3:A4');
          ws.getColumn(2).numFmt = '0.000';
          ws.getColumn(2).font = { italic: true };
        },
      },
    ]);
    const out = await generateExport({ price: await price(), template: tpl, items: [item('111')], mapping: mapping({ manual: { ma: 1 }, price: { '2': 2 } }) });
    const ws = (await readWorkbook(out.xlsx)).getWorksheet('Данные')!;
    // A3:A4 is a merged header: data begins at row 5.
    expect(plain(ws.getCell('A5').value)).toBe('111');
    expect(ws.getCell('B5').value).toBe(1234.5);
    expect(ws.getCell('B5').numFmt).toBe('0.000'); // the template column's own format wins
    expect(ws.getCell('B5').font?.italic).toBe(true);
  });

  it('keeps merges, widths, frozen panes, validations, conditional formats, print setup and other sheets', async () => {
    const tpl = await buildWorkbook([
      { name: 'Инструкция', rows: [['Как заполнять'], [{ formula: '1+1', result: 2 }]] },
      {
        name: 'Данные',
        rows: [['Форма'], ['МА', 'Цена', 'Ед.']],
        setup: (ws) => {
          ws.mergeCells('A1:C1');
          ws.getColumn(1).width = 25;
          ws.views = [{ state: 'frozen', ySplit: 2 }];
          ws.getCell('C3').dataValidation = { type: 'list', allowBlank: true, formulae: ['"шт,кг"'] };
          ws.addConditionalFormatting({ ref: 'B3:B100', rules: [{ type: 'cellIs', operator: 'greaterThan', formulae: ['1000'], priority: 1, style: { font: { bold: true } } }] });
          ws.pageSetup = { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:2' };
        },
      },
    ]);
    const out = await generateExport({ price: await price(), template: tpl, items: [item('111'), item('222')], mapping: mapping({ manual: { ma: 1 }, price: { '2': 2 } }) });
    const before = await zipEntries(tpl);
    const after = await zipEntries(out.xlsx);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [name, bytes] of before) {
      if (name === 'xl/worksheets/sheet2.xml' || name === 'xl/styles.xml') continue;
      expect({ name, same: after.get(name)!.equals(bytes) }).toEqual({ name, same: true });
    }
    const sheetBefore = before.get('xl/worksheets/sheet2.xml')!.toString();
    const sheetAfter = after.get('xl/worksheets/sheet2.xml')!.toString();
    expect(outsideSheetData(sheetAfter)).toBe(outsideSheetData(sheetBefore));
    expect(sheetAfter).toMatch(/<dimension ref="A1:C4"\/>/);
    const wb = await readWorkbook(out.xlsx);
    const ws = wb.getWorksheet('Данные')!;
    expect(ws.getCell('A4').value).toBe('222');
    expect(ws.getColumn(1).width).toBe(25);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect(ws.getCell('C3').dataValidation?.type).toBe('list');
  });

  it('keeps charts, drawings, comments and tables of an Excel-made template (real/Book1.xlsx)', async () => {
    const tpl = join(FIXTURES, 'real/Book1.xlsx');
    const out = await generateExport({ price: await price(), template: tpl, items: [item('111'), item('222')], mapping: mapping({ manual: { ma: 3 }, price: { '2': 4 } }) });
    const before = await zipEntries(readFileSync(tpl));
    const after = await zipEntries(out.xlsx);
    for (const name of ['xl/charts/chart1.xml', 'xl/charts/chart2.xml', 'xl/drawings/drawing1.xml', 'xl/media/image1.jpeg', 'xl/comments1.xml', 'xl/worksheets/sheet2.xml']) {
      expect(after.get(name)!.equals(before.get(name)!)).toBe(true);
    }
    // Sheet1 has no «Данные», so it is filled: its table C21:D26 spans the header, data ends at 26 ≥ 24.
    const ws = (await readWorkbook(out.xlsx)).getWorksheet('Sheet1')!;
    expect(plain(ws.getCell('C23').value)).toBe('111');
    expect(ws.getCell('D24').value).toBe(7);
    expect(outsideSheetData(after.get('xl/worksheets/sheet1.xml')!.toString())).toBe(outsideSheetData(before.get('xl/worksheets/sheet1.xml')!.toString()));
  });

  it('stretches a table that ends right above the data area over the written rows', async () => {
    const tpl = await buildWorkbook([
      {
        name: 'Данные',
        rows: [],
        setup: (ws) => {
          ws.addTable({ name: 'Zakaz', ref: 'A1', headerRow: true, columns: [{ name: 'MA' }, { name: 'Qty' }], rows: [['пример', 0]] });
        },
      },
    ]);
    const tableName = [...(await zipEntries(tpl)).keys()].find((n) => n.startsWith('xl/tables/') && n.endsWith('.xml'))!;
    expect(await zipText(tpl, tableName)).toMatch(/ref="A1:B2"/);
    const out = await generateExport({ price: await price(), template: tpl, items: [item('1'), item('2'), item('3')], mapping: mapping({ manual: { ma: 1, minQty: 2 } }) });
    const table = await zipText(out.xlsx, tableName);
    expect(table).toMatch(/<table [^>]*ref="A1:B5"/);
    expect(table).toMatch(/<autoFilter ref="A1:B5"/);
  });
});

describe('cell types and formats (§5.5–5.6)', () => {
  it('writes codes as text with @, quantities as numbers, price values with their type and format', async () => {
    const tpl = await buildWorkbook([{ name: 'Данные', rows: [['МА', 'ГМ', 'Название', 'Мин', 'Шаг', 'Цена', 'Дата', 'Есть', 'Текст', 'Сумма']], setup: (ws) => (ws.getColumn(10).numFmt = '#,##0') }]);
    const out = await generateExport({
      price: await price(),
      template: tpl,
      items: [item('111', '00077', 'Молоко', 6, 3)],
      mapping: mapping({ manual: { ma: 1, gm: 2, name: 3, minQty: 4, step: 5 }, price: { '2': 6, '3': 7, '4': 8, '5': 9, '6': 10 } }),
    });
    const ws = (await readWorkbook(out.xlsx)).getWorksheet('Данные')!;
    const c = (a: string) => ws.getCell(a);
    expect([c('A2').value, c('B2').value, c('C2').value]).toEqual(['111', '00077', 'Молоко']);
    expect([c('A2').numFmt, c('B2').numFmt]).toEqual(['@', '@']);
    expect([c('D2').value, c('E2').value]).toEqual([6, 3]);
    expect(c('F2').value).toBe(1234.5);
    expect(c('F2').numFmt).toBe('#,##0.00 "руб."'); // copied from the price list
    expect(c('G2').value).toEqual(new Date(Date.UTC(2024, 4, 1)));
    expect(c('G2').numFmt).toBe('dd.mm.yyyy');
    expect(c('H2').value).toBe(true);
    expect(c('I2').value).toBe('007');
    expect(c('J2').value).toBe(99.5);
    expect(c('J2').numFmt).toBe('#,##0'); // the template column's format wins
    const sheet = await zipText(out.xlsx, 'xl/worksheets/sheet1.xml');
    expect(sheet).toContain('<c r="A2" s="');
    expect(sheet).toMatch(/<c r="A2"[^>]*t="inlineStr"><is><t>111<\/t><\/is><\/c>/);
    expect(sheet).toMatch(/<c r="H2"[^>]*t="b"><v>1<\/v><\/c>/);
  });

  it('a manual value wins in a shared column unless it is empty', async () => {
    const tpl = await buildWorkbook([{ name: 'Данные', rows: [['МА', 'Название']] }]);
    const m = mapping({ manual: { ma: 1, name: 2 }, price: { '5': 2 } });
    const out = await generateExport({ price: await price(), template: tpl, items: [item('111', '', 'Своё'), item('222', '', ''), item('999', '', '')], mapping: m });
    const ws = (await readWorkbook(out.xlsx)).getWorksheet('Данные')!;
    expect([ws.getCell('B2').value, ws.getCell('B3').value, ws.getCell('B4').value]).toEqual(['Своё', 'abc', null]);
  });

  it('keeps the sample template’s number format on column E and text codes with zeros', async () => {
    const out = await generateExport({
      price: join(FIXTURES, 'lo-price-sample.xlsx'),
      template: join(FIXTURES, 'template-sample.xlsx'),
      items: [item('0031000', '77000', 'Молоко', 1, 1)],
      mapping: mapping({ manual: { ma: 2, gm: 3, name: 4, minQty: 6, step: 7 }, price: { '6': 5, '8': 8 } }),
    });
    const ws = (await readWorkbook(out.xlsx)).getWorksheet('Данные')!;
    expect(ws.getCell('E2').numFmt).toBe('#,##0.00');
    expect(ws.getCell('B2').value).toBe('0031000');
    expect(typeof ws.getCell('H2').value).toBe('string');
    const styles = await zipText(out.xlsx, 'xl/styles.xml');
    expect(styleOf(styles, 1)).toContain('numFmtId="4"');
  });
});
