import type { FileColumns } from '@app/contracts';
import { readColumns } from './column-reader';
import { CSV_PRICE_FIXTURES, fixture, fixtureBytes } from './testing/fixtures';
import { buildWorkbook, titledPriceList } from './testing/workbook-builders';

const headers = (c: FileColumns) => c.columns.map((x) => x.header);
const SAMPLE_PRICE = ['Артикул', 'Код МА', 'Код ГМ', 'Наименование', 'Производитель', 'Цена, руб.', 'НДС, %', 'Штрихкод', 'Остаток'];
const SAMPLE_TEMPLATE = ['№', 'Код МА', 'Код ГМ', 'Наименование товара', 'Цена закупки, руб.', 'Мин. партия', 'Кратность', 'Штрихкод'];

describe('readColumns on the fixtures', () => {
  it.each(['price-sample.xlsx', 'lo-price-sample.xlsx'])('%s: header in row 1, samples as text', async (name) => {
    const c = await readColumns(fixture(name), 'price');
    expect(c).toMatchObject({ kind: 'price', sheet: 'Данные', headerRow: 1 });
    expect(headers(c)).toEqual(SAMPLE_PRICE);
    expect(c.columns[1]).toEqual({ index: 2, letter: 'B', header: 'Код МА', samples: ['0031000', '0031001', '0031002'] });
    expect(c.columns[5].samples).toEqual(['49.9', '57.25', '64.6']);
  });

  it.each(['template-sample.xlsx', 'lo-template-sample.xlsx'])('%s: the data sheet, header above the data area', async (name) => {
    const c = await readColumns(fixtureBytes(name), 'template');
    expect(c).toMatchObject({ kind: 'template', sheet: 'Данные', headerRow: 1 });
    expect(headers(c)).toEqual(SAMPLE_TEMPLATE);
    expect(c.columns.every((x) => x.samples.length === 0)).toBe(true);
  });

  it.each(CSV_PRICE_FIXTURES)('%s: the CSV header, title lines above it skipped', async (name) => {
    const c = await readColumns(fixture(name), 'price');
    expect(c.sheet).toBe('');
    expect(c.headerRow).toBe(name.includes('1c-title') ? 4 : 1);
    expect(headers(c)).toEqual(SAMPLE_PRICE);
    expect(c.columns[0].samples).toEqual(['ПР-0001', 'ПР-0002', 'ПР-0003']);
  });
});

describe('readColumns finds the header of a built price list', () => {
  it('skips merged title rows above the header and category rows inside the list', async () => {
    const xlsx = await titledPriceList();
    const c = await readColumns(xlsx, 'price');
    expect(c).toMatchObject({ sheet: 'Прайс', headerRow: 4 });
    expect(headers(c)).toEqual(['Артикул', 'Наименование', 'Цена', 'Остаток']);
    expect(c.columns[0].samples).toEqual(['Молочная продукция', 'A-1', 'Сыры']);
    expect(c.columns[3].samples).toEqual(['10', '03.02.2025']);
  });

  it('joins merged group titles in front of a two-row header', async () => {
    const xlsx = await buildWorkbook([
      {
        name: 'Данные',
        rows: [
          ['Прайс на февраль'],
          ['Артикул', 'Наименование', 'Цены поставщика', null, 'Остаток'],
          [null, null, 'Цена с НДС', 'Цена без НДС'],
          ['A-1', 'Молоко', 54.89, 49.9, 7],
        ],
        setup: (ws) => {
          ws.mergeCells('A2:A3');
          ws.mergeCells('B2:B3');
          ws.mergeCells('C2:D2');
          ws.mergeCells('E2:E3');
        },
      },
    ]);
    const c = await readColumns(xlsx, 'price');
    expect(c.headerRow).toBe(3);
    expect(headers(c)).toEqual(['Артикул', 'Наименование', 'Цены поставщика / Цена с НДС', 'Цены поставщика / Цена без НДС', 'Остаток']);
    expect(c.columns[2]).toEqual({ index: 3, letter: 'C', header: 'Цены поставщика / Цена с НДС', samples: ['54.89'] });
  });

  it('finds a template header below a title, merged group titles joined', async () => {
    const xlsx = await buildWorkbook([
      { name: 'Инструкция', rows: [['Заполните лист «Данные»']] },
      {
        name: 'данные ',
        rows: [['Форма загрузки'], [], ['Код', 'Товар', 'Цены', null], [null, null, 'Закупка', 'Розница']],
        setup: (ws) => {
          ws.mergeCells('A3:A4');
          ws.mergeCells('B3:B4');
          ws.mergeCells('C3:D3');
        },
      },
    ]);
    const c = await readColumns(xlsx, 'template');
    expect(c).toMatchObject({ sheet: 'данные ', headerRow: 4 });
    expect(headers(c)).toEqual(['Код', 'Товар', 'Цены / Закупка', 'Цены / Розница']);
  });

  it('takes the header of a table with a totals row, not the totals row (rxw-table08.xlsx)', async () => {
    const c = await readColumns(fixture('realworld/rxw-table08.xlsx'), 'template');
    expect(c.headerRow).toBe(3);
    expect(headers(c).slice(2)).toEqual(['Column1', 'Column2', 'Column3', 'Column4']);
  });

  it('takes the header of a built table with a totals row and empty body rows', async () => {
    const xlsx = await buildWorkbook([
      {
        name: 'Данные',
        rows: [['Заказ поставщику']],
        setup: (ws) =>
          ws.addTable({
            name: 'Zakaz',
            ref: 'A2',
            headerRow: true,
            totalsRow: true,
            columns: [{ name: 'Код', totalsRowLabel: 'Итого' }, { name: 'Кол-во', totalsRowFunction: 'sum' }],
            rows: [[null, null], [null, null]],
          }),
      },
    ]);
    const c = await readColumns(xlsx, 'template');
    expect(c.headerRow).toBe(2);
    expect(headers(c)).toEqual(['Код', 'Кол-во']);
  });

  it('an empty sheet has no header row and no columns', async () => {
    const c = await readColumns(await buildWorkbook([{ name: 'Лист1', rows: [] }]), 'template');
    expect(c).toMatchObject({ headerRow: 0, columns: [] });
  });
});
