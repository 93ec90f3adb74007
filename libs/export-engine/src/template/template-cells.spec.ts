import { ENGINE_ERR, LIMITS } from '@app/contracts';
import { EngineError } from '../package/engine-error';
import { checkExport } from '../check-export';
import { generateExport } from '../generate-export';
import { plainTemplate, priceWithLongText, templateWithLongCell } from '../testing/hostile-workbooks';
import { buildWorkbook, item, mapping } from '../testing/workbook-builders';
import { inspectTemplate } from './template-input';

/** DESIGN §15: a template cell longer than Excel keeps (32,767 characters) would go into every export: refused. */

async function refusal(p: Promise<unknown>): Promise<EngineError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof EngineError)) throw new Error(`expected an EngineError, got ${String(err)}`);
  return err;
}

const MAX = LIMITS.cellTextMax;
const input = (template: Buffer) => ({ price: priceWithLongText(5), template, items: [item('111')], mapping: mapping({ manual: { ma: 2 }, price: { '2': 3 } }) });

describe('a template cell over 32,767 characters', () => {
  it('is refused at upload, by the check and by the export, naming the cell', async () => {
    const template = templateWithLongCell(MAX + 1);
    const err = await refusal(inspectTemplate(template));
    expect([err.code, err.message]).toEqual(['CELL_TOO_LONG', ENGINE_ERR.cellTooLong('D2', 'Данные', MAX + 1)]);
    const message = ENGINE_ERR.inFile('template', ENGINE_ERR.cellTooLong('D2', 'Данные', MAX + 1));
    expect((await refusal(generateExport(input(template)))).message).toBe(message);
    expect((await refusal(checkExport(input(template)))).message).toBe(message);
  });

  it('32,767 characters exactly is what Excel keeps: taken', async () => {
    const template = templateWithLongCell(MAX);
    await expect(inspectTemplate(template)).resolves.toBeUndefined();
    expect((await generateExport(input(template))).report.matchedByMa).toBe(1);
  });

  it('a shared string: refused naming the cell that shows it, or as text of the book when no cell does', async () => {
    const long = 'ж'.repeat(MAX + 10);
    const shown = plainTemplate({ rows: '<row r="2"><c r="C2" t="s"><v>1</v></c></row>', strings: ['коротко', long] });
    expect((await refusal(inspectTemplate(shown))).message).toBe(ENGINE_ERR.cellTooLong('C2', 'Данные', MAX + 10));
    const unused = plainTemplate({ strings: [long] });
    expect((await refusal(inspectTemplate(unused))).message).toBe(ENGINE_ERR.textTooLong(MAX + 10));
  });

  it('on a sheet other than the data sheet too: every sheet goes into the export', async () => {
    const template = await buildWorkbook([
      { name: 'Данные', rows: [['№', 'Код МА', 'Цена']] },
      { name: 'Справка', rows: [['Пояснение'], [{ richText: [{ text: 'ж'.repeat(MAX) }, { text: 'жж' }] }]] },
    ]);
    const err = await refusal(inspectTemplate(template));
    expect([err.code, err.message]).toEqual(['CELL_TOO_LONG', ENGINE_ERR.cellTooLong('A2', 'Справка', MAX + 2)]);
  });
});
