import { checkExport } from '../check-export';
import { generateExport } from '../generate-export';
import { inlineCell, minimalXlsx } from '../testing/minimal-xlsx';
import { buildWorkbook, item, mapping } from '../testing/workbook-builders';
import { zipText } from '../testing/zip-entries';

const price = () => buildWorkbook([{ name: 'Данные', rows: [['Код', 'Цена'], ...Array.from({ length: 9 }, (_, i) => [`K${i + 1}`, i + 1])] }]);
const rules = mapping({ manual: { ma: 1 }, price: { '2': 2 } });
const items = (n: number) => Array.from({ length: n }, (_, i) => item(`K${i + 1}`));
const PIVOT_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/pivotTable';

/**
 * A header in row 1 and a pivot table at `ref` whose cells hold no values (a writer may leave the
 * layout to Excel's refresh): only the pivot part says those rows are taken.
 */
function pivotTemplate(ref: string): Buffer {
  return minimalXlsx({
    rows: `<row r="1">${inlineCell('A1', 'Код')}${inlineCell('B1', 'Цена')}</row><row r="4"><c r="A4"/></row>`,
    rels: `<Relationship Id="rId1" Type="${PIVOT_REL}" Target="../pivotTables/pivotTable1.xml"/>`,
    parts: {
      'xl/pivotTables/pivotTable1.xml': `<pivotTableDefinition xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" name="Сводная" cacheId="1"><location ref="${ref}" firstHeaderRow="1" firstDataRow="1" firstDataCol="1"/></pivotTableDefinition>`,
    },
  });
}

describe('pivot tables on the data sheet', () => {
  it('are taken: rows that would run into one go below it, in generate and check alike', async () => {
    const template = pivotTemplate('A3:B6');
    const out = await generateExport({ price: await price(), template, items: items(3), mapping: rules });
    expect(out.placement).toEqual({ sheet: 'Данные', firstRow: 7 });
    const sheet = await zipText(out.xlsx, 'xl/worksheets/sheet1.xml');
    expect(sheet).toContain('<row r="7"><c r="A7" t="inlineStr"><is><t>K1</t></is></c><c r="B7"><v>1</v></c></row>');
    expect(sheet).not.toMatch(/<c r="[AB][3-6]"[^/]/);
    // The pivot part itself is left as it was.
    expect(await zipText(out.xlsx, 'xl/pivotTables/pivotTable1.xml')).toContain('<location ref="A3:B6"');
    const check = await checkExport({ price: await price(), template, items: items(3), mapping: rules });
    expect(check.warnings).toEqual([]);
  });

  it('leave the rows above them and the columns beside them free', async () => {
    const above = await generateExport({ price: await price(), template: pivotTemplate('A3:B6'), items: items(1), mapping: rules });
    expect(above.placement?.firstRow).toBe(2);
    const beside = await generateExport({ price: await price(), template: pivotTemplate('D2:E9'), items: items(3), mapping: rules });
    expect(beside.placement?.firstRow).toBe(2);
  });
});
