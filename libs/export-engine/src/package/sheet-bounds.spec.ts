import { ENGINE_ERR, LIMITS } from '@app/contracts';
import { checkExport } from '../check-export';
import { readColumns } from '../column-reader';
import { generateExport } from '../generate-export';
import { sharePrice } from '../price-sharing';
import { countPriceRows } from '../price-rows';
import { inspectPriceList } from '../price/csv-price-reader';
import { inspectTemplate } from '../template/template-input';
import { plainTemplate, priceWithCellsBeyond } from '../testing/hostile-workbooks';
import { inlineCell, minimalXlsx } from '../testing/minimal-xlsx';
import { item, mapping } from '../testing/workbook-builders';
import { EngineError } from './engine-error';

/**
 * DESIGN §15: nothing past XFD1048576. The price list had cells at XFE1, ZZZZZZZ1 and
 * AAAAAAAAAAAA2: its columns call grew a worker to 5.1 GB, and a cell at BCDEF1 alone answered
 * 56 MB of JSON with 969,520 columns.
 */

async function refusal(p: Promise<unknown>): Promise<EngineError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof EngineError)) throw new Error(`expected an EngineError, got ${String(err)}`);
  return err;
}

const rules = mapping({ manual: { ma: 2 }, price: { '2': 3 } });
const beyond = (ref: string) => ENGINE_ERR.cellOutOfSheet(ref);

describe('a price list reaching past the sheet', () => {
  it("the issue's file is refused at upload and by every read of it, naming the first cell", async () => {
    const price = priceWithCellsBeyond();
    expect((await refusal(inspectPriceList(price))).message).toBe(beyond('XFE1'));
    const message = ENGINE_ERR.inFile('price', beyond('XFE1'));
    const input = { price, template: plainTemplate(), items: [item('111')], mapping: rules };
    const reads = [() => readColumns(price, 'price'), () => countPriceRows(price), () => checkExport(input), () => generateExport(input), () => sharePrice(price, [item('111')], [2])];
    for (const read of reads) {
      const err = await refusal(read());
      expect([err.code, err.message]).toEqual(['CELL_OUT_OF_SHEET', message]);
    }
  });

  it.each([
    ['a column far past XFD alone', ['BCDEF1'], 'BCDEF1'],
    ['a cell in a later row', ['AAAAAAAAAAAA2'], 'AAAAAAAAAAAA2'],
    ['a reference a megabyte long, quoted short', [`${'A'.repeat(1_000_000)}2`], `${'A'.repeat(32)}…`],
  ])('%s', async (_what, refs, shown) => {
    const price = priceWithCellsBeyond(refs);
    expect((await refusal(readColumns(price, 'price'))).message).toBe(ENGINE_ERR.inFile('price', beyond(shown)));
    expect((await refusal(inspectPriceList(price))).message).toBe(beyond(shown));
  });

  it('cells without a reference counted past XFD, and a row past the last, are refused too', async () => {
    const counted = minimalXlsx({ rows: `<row r="1">${'<c t="inlineStr"><is><t>x</t></is></c>'.repeat(LIMITS.columnMax + 1)}</row>` });
    expect((await refusal(readColumns(counted, 'price'))).message).toBe(ENGINE_ERR.inFile('price', beyond('XFE1')));
    const rowPast = priceWithCellsBeyond(['A1048577']);
    const err = await refusal(inspectPriceList(rowPast));
    expect([err.code, err.message]).toEqual(['ROW_OUT_OF_SHEET', ENGINE_ERR.rowOutOfSheet(1_048_577, LIMITS.rowMax)]);
    // A cell whose own reference names a row past the last, inside row 2.
    const cellPast = minimalXlsx({ rows: `<row r="1">${inlineCell('A1', 'Код')}</row><row r="2">${inlineCell('B1048577', '1')}</row>` });
    expect((await refusal(readColumns(cellPast, 'price'))).message).toBe(ENGINE_ERR.inFile('price', beyond('B1048577')));
  });

  it('a merge or a dimension past the sheet is refused: the columns are sized by merges', async () => {
    const rows = `<row r="1">${inlineCell('A1', 'Код')}${inlineCell('B1', 'Цена')}</row><row r="2">${inlineCell('A2', '111')}<c r="B2"><v>1</v></c></row>`;
    const merged = minimalXlsx({ rows, after: '<mergeCells count="1"><mergeCell ref="A1:ZZZZZZZ1"/></mergeCells>' });
    expect((await refusal(readColumns(merged, 'price'))).message).toBe(ENGINE_ERR.inFile('price', beyond('A1:ZZZZZZZ1')));
    expect((await refusal(inspectPriceList(merged))).message).toBe(beyond('A1:ZZZZZZZ1'));
    const dimension = minimalXlsx({ rows, before: '<dimension ref="A1:XFE2"/>' });
    expect((await refusal(inspectPriceList(dimension))).message).toBe(beyond('A1:XFE2'));
  });

  it('the last cell of the sheet is fine: XFD1 gives 16,384 columns, XFD1048576 is read', async () => {
    const price = priceWithCellsBeyond(['XFD1', 'XFD1048576']);
    await expect(inspectPriceList(price)).resolves.toBe('xlsx');
    const columns = await readColumns(price, 'price');
    expect(columns.columns).toHaveLength(LIMITS.columnMax);
    expect(columns.columns.at(-1)).toMatchObject({ letter: 'XFD', header: 'x' });
    const out = await generateExport({ price, template: plainTemplate(), items: [item('111')], mapping: rules });
    expect(out.report.matchedByMa).toBe(1);
  });

  it('a CSV with more fields than a sheet has columns shows the sheet\'s columns only', async () => {
    const csv = Buffer.from(`${Array.from({ length: 20_000 }, (_, i) => `h${i}`).join(';')}\n111;49,9\n`, 'utf8');
    const columns = await readColumns(csv, 'price');
    expect(columns.columns).toHaveLength(LIMITS.columnMax);
  });
});

describe('a template reaching past the sheet', () => {
  const run = (template: Buffer) => generateExport({ price: priceWithCellsBeyond([]), template, items: [item('111')], mapping: rules });
  const table =
    '<?xml version="1.0" encoding="UTF-8"?><table xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" id="1" name="T" displayName="T" ref="A1:XFE3">' +
    '<autoFilter ref="A1:XFE3"/><tableColumns count="1"><tableColumn id="1" name="№"/></tableColumns></table>';

  it.each([
    ['a cell', plainTemplate({ rows: `<row r="2">${inlineCell('XFE2', 'x')}</row>` }), 'XFE2'],
    ['a merge', plainTemplate({ after: '<mergeCells count="1"><mergeCell ref="A1:ZZZZZZZ1"/></mergeCells>' }), 'A1:ZZZZZZZ1'],
    ['its dimension', plainTemplate({ before: '<dimension ref="A1:XFE1"/>' }), 'A1:XFE1'],
    ['a column style', plainTemplate({ before: '<cols><col min="1" max="16385" width="9"/></cols>' }), 'A:XFE'],
    [
      'a table',
      minimalXlsx({
        rows: `<row r="1">${inlineCell('A1', '№')}</row>`,
        after: '<tableParts count="1"><tablePart r:id="rId1"/></tableParts>',
        rels: '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/table" Target="../tables/table1.xml"/>',
        parts: { 'xl/tables/table1.xml': table },
      }),
      'A1:XFE3',
    ],
  ])('%s: refused at upload, by the export and by its columns', async (_what, template, ref) => {
    expect((await refusal(inspectTemplate(template))).message).toBe(beyond(ref));
    const message = ENGINE_ERR.inFile('template', beyond(ref));
    expect((await refusal(run(template))).message).toBe(message);
    expect((await refusal(readColumns(template, 'template'))).message).toBe(message);
  });
});
