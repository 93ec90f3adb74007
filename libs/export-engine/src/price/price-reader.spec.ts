import { generateExport } from '../generate-export';
import { buildWorkbook, item, mapping } from '../testing/workbook-builders';
import { zipText } from '../testing/zip-entries';
import { rewriteParts } from '../testing/zip-rewrite';

/** The workbook as Apple Numbers or an old Mac Excel saves it: serials count from 1904-01-01. */
const in1904 = (xlsx: Buffer) => rewriteParts(xlsx, { 'xl/workbook.xml': (xml) => xml.replace('<workbookPr ', '<workbookPr date1904="1" ') });

const written = async (xlsx: Buffer) => {
  const sheet = await zipText(xlsx, 'xl/worksheets/sheet1.xml');
  return ['B2', 'C2', 'D2'].map((ref) => Number(new RegExp(`<c r="${ref}"[^>]*><v>([^<]*)</v>`).exec(sheet)?.[1]));
};

describe('1904 date system', () => {
  it('moves dates between the systems; durations and times of day keep their serial value', async () => {
    // 2021-01-01 in 1904 serials, 255:10:10 as a duration, 12:00 as a time of day.
    const price = await in1904(
      await buildWorkbook([
        {
          name: 'Данные',
          rows: [['111', { value: 42735, numFmt: 'yyyy\\-mm\\-dd' }, { value: 10.6320601851852, numFmt: '[hh]:mm:ss' }, { value: 0.5, numFmt: 'h:mm' }]],
        },
      ]),
    );
    const template = await buildWorkbook([{ name: 'Данные', rows: [['МА', 'Дата', 'Длительность', 'Время']] }]);
    const m = mapping({ manual: { ma: 1 }, price: { '2': 2, '3': 3, '4': 4 }, keys: { ma: 1 } });
    const to1900 = await generateExport({ price, template, items: [item('111')], mapping: m });
    expect(await written(to1900.xlsx)).toEqual([42735 + 1462, 10.6320601851852, 0.5]);
    const to1904 = await generateExport({ price, template: await in1904(template), items: [item('111')], mapping: m });
    expect(await written(to1904.xlsx)).toEqual([42735, 10.6320601851852, 0.5]);
  });
});
