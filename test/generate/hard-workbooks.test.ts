import ExcelJS from 'exceljs';
import { CHECK_WARNING, type CheckResponse, type ExportRecord, type Mapping } from '@app/contracts';
import { api } from '../support/api-client';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { plain, readWorkbook } from '@app/export-engine/testing/workbook-builders';
import { generate, readyTask } from '../support/generate-helpers';

/** A supplier's list as it really arrives: title rows, codes as numbers, formulas, rich text, dates. */
async function awkwardPriceList(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Прайс');
  ws.addRow(['Прайс-лист ООО «Ромашка»']);
  ws.mergeCells('A1:F1');
  ws.addRow(['на 01.11.2026']);
  ws.addRow([]);
  ws.addRow(['Код', 'Штрихкод', 'Наименование', 'Цена', 'Дата поставки', 'Код ГМ']);
  ws.addRow([31000, '04600000000017', { richText: [{ text: 'Молоко ' }, { text: '3,2%', font: { bold: true } }] }, { formula: '10*2', result: 20 }, new Date(Date.UTC(2026, 10, 1)), 'GM-1']);
  ws.addRow([' 31001 ', '04600000000024', 'Кефир', 15.5, new Date(Date.UTC(2026, 10, 2)), 'GM-2']);
  ws.addRow([4607001234567, '04600000000031', 'Сыр', 99, null, 'GM-3']);
  ws.addRow([31000, 'дубль', 'Молоко (дубль)', 999, null, 'GM-4']);
  ws.addRow(['A-1', '04600000000048', 'Йогурт', 42, null, 'МХ-1']); // Cyrillic М and Х
  ws.getColumn(4).numFmt = '#,##0.00';
  ws.getColumn(5).numFmt = 'dd.mm.yyyy';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A retailer's template: instructions first, `Данные` second with a merged title and formatted empty rows. */
async function retailerTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Инструкция').addRow(['Заполните лист «Данные»']);
  const ws = wb.addWorksheet('Данные', { views: [{ state: 'frozen', ySplit: 2 }] });
  ws.addRow(['Заказ поставщику']);
  ws.mergeCells('A1:F1');
  ws.addRow(['Код МА', 'Наименование', 'Цена', 'Дата', 'Мин. партия', 'Штрихкод']);
  ws.getColumn(2).width = 42;
  for (let r = 3; r <= 6; r++) {
    for (let c = 1; c <= 6; c++) {
      const cell = ws.getCell(r, c);
      cell.border = { bottom: { style: 'thin' } };
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } };
    }
  }
  ws.getCell('C3').numFmt = '0.00" ₽"';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const RULES: Mapping = {
  manualMapping: { ma: 1, gm: 0, name: 2, minQty: 5, step: 0 },
  priceToTemplate: { '4': 3, '5': 4, '2': 6 },
  priceKeys: { ma: 0, gm: 0 },
};

describe('generation on awkward real-world workbooks, checked cell by cell', () => {
  it('matches what a careful person doing VLOOKUP by hand would produce', async () => {
    const items = [
      { ma: '0031000', gm: '', name: 'Молоко', minQty: 2, step: 1 },
      { ma: '31001', gm: '', name: 'Кефир', minQty: 1, step: 1 },
      { ma: '4607001234567', gm: '', name: 'Сыр', minQty: 3, step: 1 },
      { ma: 'нет-такого', gm: 'MX-1', name: 'Йогурт по ГМ', minQty: 1, step: 1 },
      { ma: 'zzz', gm: '', name: 'Нет в прейскуранте', minQty: 5, step: 1 },
    ];
    const task = await readyTask(items, { rules: RULES, price: await awkwardPriceList(), template: await retailerTemplate() });
    const res = await generate(task.id).expect(200);
    expect(res.headers['x-export-matched']).toBe('4');
    expect(res.headers['x-export-unmatched']).toBe('1');

    const wb = await readWorkbook(res.body);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Инструкция', 'Данные']);
    const ws = wb.getWorksheet('Данные')!;
    const row = (r: number) => [1, 2, 3, 4, 5, 6].map((c) => plain(ws.getCell(r, c).value));
    expect(row(1)[0]).toBe('Заказ поставщику');
    expect(row(3)).toEqual(['0031000', 'Молоко', 20, new Date(Date.UTC(2026, 10, 1)), 2, '04600000000017']);
    expect(row(4)).toEqual(['31001', 'Кефир', 15.5, new Date(Date.UTC(2026, 10, 2)), 1, '04600000000024']);
    expect(row(5)).toEqual(['4607001234567', 'Сыр', 99, null, 3, '04600000000031']);
    expect(row(6)).toEqual(['нет-такого', 'Йогурт по ГМ', 42, null, 1, '04600000000048']);
    expect(row(7)).toEqual(['zzz', 'Нет в прейскуранте', null, null, 5, null]);
    expect(ws.getCell('A8').value).toBeNull();

    expect(ws.getCell('C3').numFmt).toBe('0.00" ₽"');
    expect(ws.getCell('D3').numFmt).toBe('dd.mm.yyyy');
    expect(ws.getCell('A3').numFmt).toBe('@');
    for (const r of [3, 6, 7]) expect((ws.getCell(r, 2).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFFF2CC');
    expect(ws.getCell('B7').border?.bottom?.style).toBe('thin');
    expect(ws.model.merges).toContain('A1:F1');
    expect(ws.getColumn(2).width).toBe(42);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });

    const [latest] = (await api().get(`/api/tasks/${task.id}/exports`).expect(200)).body as ExportRecord[];
    expect(latest.report).toEqual({
      rows: 5,
      matchedByMa: 3,
      matchedByGm: 1,
      unmatched: [{ index: 4, ma: 'zzz', gm: '' }],
      duplicateKeys: 1,
      keyColumns: { ma: 1, gm: 6 },
      // What the check (DESIGN §11) finds: 31000 in two rows with other prices, a number that lost
      // the items' leading zeros, two rows without a delivery date, made-up barcodes.
      checkWarnings: { 'ambiguous-price': 1, 'damaged-code': 1, 'empty-price': 2, 'bad-gtin': 4 },
    });
    expect(res.headers['x-export-warnings']).toBe('8');
  });

  it('says when the price list holds formulas without values (openpyxl), in the check and in the toast’s count', async () => {
    // The price (column F) is a formula openpyxl stored uncomputed: every price is missing.
    const items = sampleItems().slice(0, 3);
    const task = await readyTask(items, { price: fixtureBytes('realworld/openpyxl-price-formulas.xlsx') });
    const checked = (await api().post(`/api/tasks/${task.id}/check`).expect(200)).body as CheckResponse;
    expect(checked.warnings.filter((w) => w.code === 'formula-no-value')).toEqual([
      { code: 'formula-no-value', column: 6, message: CHECK_WARNING.formulaNoValue('F') },
    ]);
    expect(checked.warningCounts['empty-price']).toBe(3);
    const res = await generate(task.id).expect(200);
    expect(res.headers['x-export-warnings']).toBe(String(checked.warnings.length));
    const [latest] = (await api().get(`/api/tasks/${task.id}/exports`).expect(200)).body as ExportRecord[];
    expect(latest.report?.checkWarnings).toMatchObject({ 'formula-no-value': 1, 'empty-price': 3 });
  });
});
