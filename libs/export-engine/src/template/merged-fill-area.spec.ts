import { generateExport } from '../generate-export';
import { buildWorkbook, item, mapping, plain, readWorkbook } from '../testing/workbook-builders';
import { zipText } from '../testing/zip-entries';
import { rewriteParts } from '../testing/zip-rewrite';

/** Issue 18.4: merged cells in the rows the items would take must not hide them. */

const price = () => buildWorkbook([{ name: 'Данные', rows: [['1', 10]] }]);
const items = [item('1'), item('2'), item('3')];

/** Header in row 1, an empty merged block in rows 3–4 (`block`), nothing else. */
const template = (block: string) =>
  buildWorkbook([{ name: 'Данные', rows: [['МА', 'Цена', '', '', 'Заметки']], setup: (ws) => ws.mergeCells(block) }]);

describe('merged cells inside the fill area', () => {
  it('start the data below a merge over a column that gets values', async () => {
    const out = await generateExport({ price: await price(), template: await template('A3:C4'), items, mapping: mapping({ manual: { ma: 1 }, price: { '2': 2 } }) });
    expect(out.report.warnings).toBeUndefined();
    const ws = (await readWorkbook(out.xlsx)).getWorksheet('Данные')!;
    expect(ws.model.merges).toContain('A3:C4');
    expect([5, 6, 7].map((r) => plain(ws.getCell(r, 1).value))).toEqual(['1', '2', '3']);
    expect(ws.getCell('B5').value).toBe(10);
    expect(ws.getCell('A2').value).toBeNull();
  });

  it('leave the start where it was when the merge covers only columns that get nothing', async () => {
    const out = await generateExport({ price: await price(), template: await template('E3:F4'), items, mapping: mapping({ manual: { ma: 1 }, price: { '2': 2 } }) });
    const ws = (await readWorkbook(out.xlsx)).getWorksheet('Данные')!;
    expect([2, 3, 4].map((r) => plain(ws.getCell(r, 1).value))).toEqual(['1', '2', '3']);
  });

  it('with no room below the merge, write where the data starts and report the merge', async () => {
    // A merge down to the sheet's last row cannot be written below.
    const tpl = await rewriteParts(await template('A3:C4'), { 'xl/worksheets/sheet1.xml': (xml) => xml.replace('ref="A3:C4"', 'ref="B3:B1048576"') });
    const out = await generateExport({ price: await price(), template: tpl, items, mapping: mapping({ manual: { ma: 1 }, price: { '2': 2 } }) });
    expect(out.report.warnings).toEqual([{ kind: 'mergeOverData', ref: 'B3:B1048576' }]);
    // Read as XML: exceljs spends seconds expanding a million-row merge.
    expect(await zipText(out.xlsx, 'xl/worksheets/sheet1.xml')).toMatch(/<row r="2"><c r="A2"[^>]*><is><t>1<\/t>/);
  });
});
