import { CHECK_WARNING, LIMITS } from '@app/contracts';
import { checkExport } from '../check-export';
import { generateExport } from '../generate-export';
import { longText, plainTemplate, priceWithLongText } from '../testing/hostile-workbooks';
import { item, mapping, readWorkbook } from '../testing/workbook-builders';

/**
 * DESIGN §15: a price-list text longer than a cell holds is written cut to 32,767 characters with
 * the warning `value-cut` (a 30 MB cell went into exports Excel refused), and the check's preview
 * shows at most 1,000 characters of a cell (that cell made a check answer 31–63 MB of JSON).
 */

const MAX = LIMITS.cellTextMax;
/** Item 111's description (price column C) goes to the template's column D. */
const rules = mapping({ manual: { ma: 2 }, price: { '2': 3, '3': 4 } });
const input = (price: Buffer) => ({ price, template: plainTemplate(), items: [item('111'), item('222')], mapping: rules });

async function writtenText(xlsx: Buffer): Promise<string> {
  const cell = (await readWorkbook(xlsx)).getWorksheet('Данные')!.getCell('D2').value;
  return String(cell);
}

describe('a price-list text longer than a cell holds', () => {
  it('is written cut to 32,767 characters, and the export counts a value-cut warning', async () => {
    const out = await generateExport(input(priceWithLongText(MAX + 1_000)));
    expect(await writtenText(out.xlsx)).toBe(longText(MAX));
    expect(out.report.checkWarnings).toEqual({ 'value-cut': 1 });
    expect(out.digest['111'].values['4']).toBe(longText(MAX));
  });

  it('the check names the item and the column, and its preview shows 1,000 characters of it', async () => {
    const check = await checkExport(input(priceWithLongText(2_000_000)));
    expect(check.warnings).toEqual([{ code: 'value-cut', item: 0, column: 4, message: CHECK_WARNING.valueCut('D', 2_000_000) }]);
    expect(check.warningCounts).toEqual({ 'value-cut': 1 });
    expect(check.warnedItems).toEqual([0]);
    const preview = String(check.rows[0].cells['4']);
    expect([preview.length, preview.endsWith('…')]).toEqual([LIMITS.previewTextMax, true]);
    const { digest, ...answer } = check;
    expect(JSON.stringify(answer).length).toBeLessThan(20_000);
    expect(String(digest['111'].values['4'])).toHaveLength(MAX);
  });

  it('32,767 characters are written whole, without a warning', async () => {
    const out = await generateExport(input(priceWithLongText(MAX)));
    expect(await writtenText(out.xlsx)).toHaveLength(MAX);
    expect(out.report.checkWarnings).toBeUndefined();
  });

  it('a CSV price list the same way', async () => {
    const csv = Buffer.from(`Код МА;Цена;Описание\n111;49,9;${'ы'.repeat(MAX + 5)}\n222;120;\n`, 'utf8');
    const out = await generateExport(input(csv));
    expect(await writtenText(out.xlsx)).toBe('ы'.repeat(MAX));
    expect(out.report.checkWarnings).toMatchObject({ 'value-cut': 1 });
  });
});
