import { generateExport } from '../generate-export';
import { buildWorkbook, item, mapping, plain, readWorkbook } from '../testing/workbook-builders';
import { fixture } from '../testing/fixtures';
import { zipEntries, zipText } from '../testing/zip-entries';
import { rewriteParts } from '../testing/zip-rewrite';
import { followTotals, type MovedTotals } from './totals-references';

/** Issue 18.2: a table with a totals row keeps it below the items (or is left alone, with a warning). */

const price = () => buildWorkbook([{ name: 'Данные', rows: [['1', 10], ['2', 20]] }]);
const items = (n: number) => Array.from({ length: n }, (_, i) => item(String(i + 1)));
const tableName = async (xlsx: Buffer) => [...(await zipEntries(xlsx)).keys()].find((n) => /^xl\/tables\/table\d+\.xml$/.test(n))!;

/** Header in row 1, two empty body rows, SUM totals in row 4 written as an A1 range, as some writers do. */
async function totalsTemplate(below?: string): Promise<Buffer> {
  const tpl = await buildWorkbook([
    {
      name: 'Данные',
      rows: [],
      setup: (ws) => {
        ws.addTable({
          name: 'Zakaz',
          ref: 'A1',
          headerRow: true,
          totalsRow: true,
          columns: [{ name: 'MA', totalsRowLabel: 'Итого' }, { name: 'Qty', totalsRowFunction: 'sum' }],
          rows: [[null, null], [null, null]],
        });
        if (below) ws.getCell('A8').value = below;
      },
    },
  ]);
  return rewriteParts(tpl, { 'xl/worksheets/sheet1.xml': (xml) => xml.replace(/<f>SUBTOTAL\(109,[^<]*\)<\/f>/, '<f>SUBTOTAL(109,B2:B3)</f>') });
}

describe('tables with a totals row', () => {
  it('rxw-table08.xlsx: the items fill the body, the totals row and its calcChain entry move below them', async () => {
    const out = await generateExport({ price: await price(), template: fixture('realworld/rxw-table08.xlsx'), items: items(13), mapping: mapping({ manual: { ma: 3 }, price: { '2': 4 } }) });
    expect(out.report.warnings).toBeUndefined();
    const table = await zipText(out.xlsx, 'xl/tables/table1.xml');
    expect(table).toMatch(/<table [^>]*ref="C3:F17"/);
    expect(table).toMatch(/<autoFilter ref="C3:F16"/);
    const ws = (await readWorkbook(out.xlsx)).worksheets[0];
    expect(plain(ws.getCell('C4').value)).toBe('1');
    expect(ws.getCell('D5').value).toBe(20);
    expect(plain(ws.getCell('C16').value)).toBe('13');
    expect(plain(ws.getCell('C17').value)).toBe('Total');
    expect(ws.getCell('F17').formula).toBe('SUBTOTAL(103,[Column4])');
    expect(await zipText(out.xlsx, 'xl/calcChain.xml')).toMatch(/<c r="F17" i="1"\/>/);
  });

  it('grows A1 ranges of the totals formulas with the body; fewer items than body rows move nothing', async () => {
    const tpl = await totalsTemplate();
    const name = await tableName(tpl);
    expect(await zipText(tpl, name)).toMatch(/ref="A1:B4"/);
    const m = mapping({ manual: { ma: 1 }, price: { '2': 2 } });
    const out = await generateExport({ price: await price(), template: tpl, items: items(5), mapping: m });
    expect(await zipText(out.xlsx, name)).toMatch(/<table [^>]*ref="A1:B7"[\s\S]*<autoFilter ref="A1:B6"/);
    const ws = (await readWorkbook(out.xlsx)).getWorksheet('Данные')!;
    expect([2, 3, 4, 5, 6].map((r) => plain(ws.getCell(r, 1).value))).toEqual(['1', '2', '3', '4', '5']);
    expect(plain(ws.getCell('A7').value)).toBe('Итого');
    expect(ws.getCell('B7').formula).toBe('SUBTOTAL(109,B2:B6)');

    const small = await generateExport({ price: await price(), template: tpl, items: items(1), mapping: m });
    expect(await zipText(small.xlsx, name)).toBe(await zipText(tpl, name));
    const ws1 = (await readWorkbook(small.xlsx)).getWorksheet('Данные')!;
    expect(plain(ws1.getCell('A2').value)).toBe('1');
    expect(ws1.getCell('B4').formula).toBe('SUBTOTAL(109,B2:B3)');
  });

  it('with something below the table, leaves it alone, writes below and says so in the report', async () => {
    const tpl = await totalsTemplate('Подпись');
    const name = await tableName(tpl);
    const out = await generateExport({ price: await price(), template: tpl, items: items(3), mapping: mapping({ manual: { ma: 1 } }) });
    expect(out.report.warnings).toEqual([{ kind: 'tableNotExtended', table: 'Zakaz' }]);
    expect(await zipText(out.xlsx, name)).toBe(await zipText(tpl, name));
    const ws = (await readWorkbook(out.xlsx)).getWorksheet('Данные')!;
    expect(ws.getCell('B4').formula).toBe('SUBTOTAL(109,B2:B3)');
    expect(ws.getCell('A8').value).toBe('Подпись');
    expect([9, 10, 11].map((r) => plain(ws.getCell(r, 1).value))).toEqual(['1', '2', '3']);
  });

  it('moves the references to the totals row with it: other sheets, defined names, the rows above', async () => {
    // Totals in row 4 of Данные (body 2–3); a summary sheet, a name and a cell above point at it.
    const tpl = await rewriteParts(await totalsTemplate(), {
      'xl/workbook.xml': (xml) =>
        xml
          .replace('</sheets>', '<sheet name="Сводка" sheetId="9" r:id="rIdSummary"/></sheets>')
          .replace(/(<\/sheets>)/, '$1<definedNames><definedName name="Итого">Данные!$B$4</definedName><definedName name="Тело">Данные!$B$2:$B$3</definedName></definedNames>'),
      'xl/_rels/workbook.xml.rels': (xml) =>
        xml.replace('</Relationships>', '<Relationship Id="rIdSummary" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/summary.xml"/></Relationships>'),
      'xl/worksheets/summary.xml':
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">' +
        '<c r="A1"><f>Данные!B4</f><v>0</v></c><c r="B1"><f>SUM(\'Данные\'!$B$2:$B$4)*2</f><v>0</v></c><c r="C1" t="str"><f>"Данные!B4"&amp;B4</f><v/></c>' +
        '</row></sheetData></worksheet>',
      'xl/worksheets/sheet1.xml': (xml) => xml.replace(/(<row r="1"[^>]*>[\s\S]*?)(<\/row>)/, '$1<c r="D1"><f>B4/2</f><v>0</v></c>$2'),
    });
    const m = mapping({ manual: { ma: 1 }, price: { '2': 2 } });
    const out = await generateExport({ price: await price(), template: tpl, items: items(5), mapping: m });
    const wb = await readWorkbook(out.xlsx);
    expect(wb.getWorksheet('Данные')!.getCell('B7').formula).toBe('SUBTOTAL(109,B2:B6)');
    const summary = await zipText(out.xlsx, 'xl/worksheets/summary.xml');
    expect(summary).toContain('<f>Данные!B7</f>');
    expect(summary).toContain("<f>SUM('Данные'!$B$2:$B$7)*2</f>");
    // A text that only reads like a reference, and a reference to the summary's own B4, stay.
    expect(summary).toContain('<f>"Данные!B4"&amp;B4</f>');
    const workbook = await zipText(out.xlsx, 'xl/workbook.xml');
    expect(workbook).toContain('<definedName name="Итого">Данные!$B$7</definedName>');
    expect(workbook).toContain('<definedName name="Тело">Данные!$B$2:$B$6</definedName>');
    expect(wb.getWorksheet('Данные')!.getCell('D1').formula).toBe('B7/2');
  });
});

describe('followTotals', () => {
  const moved: MovedTotals = { sheet: 'Данные', top: 12, bottom: 12, delta: 5, bodyTop: 2 };

  it('moves references to the totals rows and grows ranges over the body, on the data sheet only', () => {
    expect(followTotals('Данные!D12+Данные!$D$12', moved, false)).toBe('Данные!D17+Данные!$D$17');
    expect(followTotals("SUM('Данные'!D2:D11)+'данные'!E12", moved, false)).toBe("SUM('Данные'!D2:D16)+'данные'!E17");
    expect(followTotals('Другой!D12+D12', moved, false)).toBe('Другой!D12+D12');
    expect(followTotals('D12*LOG10(2)+SUM(D2:D11)', moved, true)).toBe('D17*LOG10(2)+SUM(D2:D16)');
    // Rows above the totals that are no body range, and text, stay.
    expect(followTotals('D11+D1:D5+"D12"', moved, true)).toBe('D11+D1:D5+"D12"');
    expect(followTotals("'It''s'!D12", { ...moved, sheet: "It's" }, false)).toBe("'It''s'!D17");
  });
});

