import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countPriceRows } from './price-rows';
import { CSV_PRICE_FIXTURES, fixture, fixtureBytes } from './testing/fixtures';
import { inlineCell, minimalXlsx } from './testing/minimal-xlsx';
import { writePriceList } from './testing/price-fixture';
import { buildWorkbook, titledPriceList } from './testing/workbook-builders';
import { rewriteParts } from './testing/zip-rewrite';

const csv = (text: string) => Buffer.from(text, 'utf8');

describe('countPriceRows on the fixtures: the 40 items of the sample under one header', () => {
  it.each(['price-sample.xlsx', 'lo-price-sample.xlsx', 'realworld/openpyxl-price-formulas.xlsx'])('%s: 40', async (name) => {
    expect(await countPriceRows(fixture(name))).toBe(40);
  });

  it.each(CSV_PRICE_FIXTURES.filter((n) => !n.includes('1c-title')))('%s: 40', async (name) => {
    expect(await countPriceRows(fixtureBytes(name))).toBe(40);
  });

  it.each([true, false])('the reference list of 3,000 rows (shared strings: %s): 3,000', async (sharedStrings) => {
    const dir = mkdtempSync(join(tmpdir(), 'price-rows-'));
    try {
      await writePriceList(join(dir, 'p.xlsx'), { rows: 3000, sharedStrings });
      expect(await countPriceRows(join(dir, 'p.xlsx'))).toBe(3000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a 1C CSV: the title lines and the blank line above the header are no rows, the totals line at the end is one', async () => {
    expect(await countPriceRows(fixture('csv/price-1c-title.csv'))).toBe(41);
  });
});

describe('countPriceRows: rows below the header that hold a value', () => {
  it('skips the titles and the blank row above the header; counts the category rows inside the list', async () => {
    expect(await countPriceRows(await titledPriceList())).toBe(4);
  });

  it('a row of shared strings only counts unless every string in it is blank', async () => {
    const rows = [['Артикул', 'Наименование', 'Цена'], ['A-1', 'Молоко', 49.9], ['Сыры'], ['Хлеб'], ['A-2', 'Сыр', 120]];
    const xlsx = await buildWorkbook([{ name: 'Данные', rows }]);
    expect(await countPriceRows(xlsx)).toBe(4);
    // Some writers keep an empty or spaces-only text in the table: such a cell holds no value.
    const blanked = await rewriteParts(xlsx, { 'xl/sharedStrings.xml': (xml) => xml.replace('<t>Сыры</t>', '<t xml:space="preserve">  </t>') });
    expect(await countPriceRows(blanked)).toBe(3);
  });

  it('cells without a value make no row: styled empty cells, blank text, a formula never computed', async () => {
    const xlsx = minimalXlsx({
      rows:
        `<row r="1">${inlineCell('A1', 'Код')}${inlineCell('B1', 'Цена')}</row>` +
        `<row r="2"><c r="A2" s="0"/><c r="B2"><v>49.9</v></c></row>` +
        `<row r="3"><c r="A3" s="0"/><c r="B3" s="0"/></row>` +
        `<row r="4">${inlineCell('A4', '   ')}<c r="B4"><f>A2*2</f></c></row>` +
        `<row r="5"><c r="A5"><f>B2</f><v></v></c></row>` +
        `<row r="7">${inlineCell('A7', 'A-7')}</row>` +
        // Rows and cells without `r`: the position follows the previous one.
        `<row><c t="inlineStr"><is><t>A-8</t></is></c><c><v>12</v></c></row>`,
    });
    expect(await countPriceRows(xlsx)).toBe(3);
  });

  it('a CSV: blank lines and fields of spaces hold nothing; a quoted line break stays in its row', async () => {
    const text = 'Код;Наименование;Цена\r\n001;Молоко;49,9\r\n\r\n;;\r\n  ;"";\r\n002;"Сыр\r\nРоссийский";120\r\n003;Хлеб;30';
    expect(await countPriceRows(csv(text))).toBe(3);
  });

  it('a list with no rows below its header has none', async () => {
    expect(await countPriceRows(csv('Код;Цена\r\n'))).toBe(0);
    expect(await countPriceRows(await buildWorkbook([{ name: 'Данные', rows: [] }]))).toBe(0);
  });

  it('refuses a workbook it cannot read as the columns reader does', async () => {
    await expect(countPriceRows(fixtureBytes('real/BadWorkbook.xlsx'))).rejects.toMatchObject({ name: 'EngineError', kind: 'price' });
  });
});
