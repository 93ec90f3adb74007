import { randomBytes } from 'node:crypto';
import { ENGINE_ERR, LIMITS } from '@app/contracts';
import { EngineError } from '../package/engine-error';
import { generateExport } from '../generate-export';
import { inspectTemplate } from './template-input';
import { buildWorkbook, item, mapping } from '../testing/workbook-builders';
import { rewriteParts } from '../testing/zip-rewrite';

/** Issue 19.6–7: Excel's own limits, and a template too big to hold within a job's memory. */

const price = () => buildWorkbook([{ name: 'Данные', rows: [['1', 10]] }]);
const template = () => buildWorkbook([{ name: 'Данные', rows: [['МА', 'Цена']] }]);
const rules = mapping({ manual: { ma: 1 }, price: { '2': 2 } });
const items = (n: number) => Array.from({ length: n }, (_, i) => item(String(i + 1)));
const sheet = 'xl/worksheets/sheet1.xml';

async function refusal(tpl: Buffer, count = 3): Promise<EngineError> {
  const error = await generateExport({ price: await price(), template: tpl, items: items(count), mapping: rules }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('template limits', () => {
  it(`refuses a data sheet over ${LIMITS.templateSheetMaxMb} MB uncompressed before reading it, naming the sheet and its size`, async () => {
    // 40 MB of a comment: only the part's size matters, the check reads the zip's directory.
    // Random text, so the zip's compression ratio stays far from a zip bomb's.
    const padding = `<!--${randomBytes(30 * 2 ** 20).toString('base64')}-->`;
    const tpl = await rewriteParts(await template(), { [sheet]: (xml) => xml.replace('<sheetData>', `${padding}<sheetData>`) });
    const error = await refusal(tpl);
    expect(error.code).toBe('SHEET_TOO_LARGE');
    expect(error.message).toBe(ENGINE_ERR.inFile('template', ENGINE_ERR.sheetTooLarge('Данные', 41, LIMITS.templateSheetMaxMb)));
    // The upload check says the same (unlabelled, as the upload's other answers), and takes a template that fits.
    const upload = await inspectTemplate(tpl).catch((e: unknown) => e);
    expect(upload).toEqual(new EngineError('SHEET_TOO_LARGE', ENGINE_ERR.sheetTooLarge('Данные', 41, LIMITS.templateSheetMaxMb)));
    await expect(inspectTemplate(await template())).resolves.toBeUndefined();
  });

  it('refuses items that would go past Excel’s last row, saying how many fit', async () => {
    const tpl = await rewriteParts(await template(), {
      [sheet]: (xml) => xml.replace('</sheetData>', `<row r="${LIMITS.rowMax - 5}"><c r="A${LIMITS.rowMax - 5}" t="inlineStr"><is><t>итого</t></is></c></row></sheetData>`),
    });
    const error = await refusal(tpl, 13);
    expect(error.code).toBe('NO_ROOM_FOR_ITEMS');
    expect(error.message).toBe(ENGINE_ERR.inFile('template', ENGINE_ERR.noRoomForItems(5, 13)));
  });

  it('writes items up to the very last row when they fit', async () => {
    const tpl = await rewriteParts(await template(), {
      [sheet]: (xml) => xml.replace('</sheetData>', `<row r="${LIMITS.rowMax - 3}"><c r="A${LIMITS.rowMax - 3}" t="inlineStr"><is><t>итого</t></is></c></row></sheetData>`),
    });
    const out = await generateExport({ price: await price(), template: tpl, items: items(3), mapping: rules });
    expect(out.report.rows).toBe(3);
  });

  it('refuses a row numbered beyond the sheet (r="99999999999")', async () => {
    const tpl = await rewriteParts(await template(), { [sheet]: (xml) => xml.replace('</sheetData>', '<row r="99999999999"/></sheetData>') });
    const error = await refusal(tpl);
    expect(error.code).toBe('ROW_OUT_OF_SHEET');
    expect(error.message).toBe(ENGINE_ERR.inFile('template', ENGINE_ERR.rowOutOfSheet(99999999999, LIMITS.rowMax)));
  });
});
