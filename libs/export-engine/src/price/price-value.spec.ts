import { CellKind } from '../package/cell-kind';
import { readCellFormats } from '../package/styles-reader';
import { isoTimeOfDay, toPriceValue } from './price-value';

/** styles.xml whose cellXfs use the given numFmtIds, in order (style 0 first). */
const styles = (ids: number[]) =>
  `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs count="${ids.length}">${ids.map((id) => `<xf numFmtId="${id}"/>`).join('')}</cellXfs></styleSheet>`;
const num = (raw: string, style: number) => ({ col: 1, kind: CellKind.number, raw, style });
const NO_TEXTS = new Map<number, string>();

describe('t="d" cells', () => {
  it('reads a time of day alone as the time Excel means (a fraction of a day), not as text', () => {
    const formats = readCellFormats(styles([0, 20]));
    const cell = (raw: string, style = 0) => toPriceValue({ col: 1, kind: CellKind.isoDate, raw, style }, NO_TEXTS, formats, 0);
    expect(cell('12:30:00')).toEqual({ type: 'number', value: 0.5208333333333334, format: { id: 21, code: 'h:mm:ss' } });
    expect(cell('T06:00')?.value).toBe(0.25);
    // The cell's own time format is kept.
    expect(cell('18:00:00', 1)).toEqual({ type: 'number', value: 0.75, format: { id: 20, code: 'h:mm' } });
    // Dates and date-times stay dates; a time of day is no date, so the 1904 system leaves it alone.
    expect(cell('2024-05-01')).toMatchObject({ type: 'date', value: 45413 });
    expect(toPriceValue({ col: 1, kind: CellKind.isoDate, raw: '12:00', style: 0 }, NO_TEXTS, formats, 1462)?.value).toBe(0.5);
    expect(isoTimeOfDay('25:00')).toBeUndefined();
    expect(isoTimeOfDay('2024-05-01T12:00')).toBeUndefined();
  });
});

describe('locale-specific built-in number formats', () => {
  // 31: a date in every CJK locale; 32: a time; 34: a time in Chinese, a date in Japanese and
  // Korean; 59: a Thai number; 79: a Thai duration; 14: the standard date.
  const formats = readCellFormats(styles([0, 31, 32, 34, 59, 79, 14]));

  it('takes only the dates as dates, each as the standard format it stands for', () => {
    expect(toPriceValue(num('45413', 1), NO_TEXTS, formats, 0)).toEqual({ type: 'date', value: 45413, format: { id: 14, code: 'mm-dd-yy' } });
    expect(toPriceValue(num('0.5', 2), NO_TEXTS, formats, 0)).toEqual({ type: 'number', value: 0.5, format: { id: 20, code: 'h:mm' } });
    expect(toPriceValue(num('12.5', 4), NO_TEXTS, formats, 0)).toEqual({ type: 'number', value: 12.5, format: { id: 1, code: '0' } });
    expect(toPriceValue(num('1.25', 5), NO_TEXTS, formats, 0)).toEqual({ type: 'number', value: 1.25, format: { id: 46, code: '[h]:mm:ss' } });
    expect([0, 1, 2, 3, 4, 5, 6].map((s) => formats.isDate(s))).toEqual([false, true, true, true, false, true, true]);
  });

  it('tells a date from a time by the value where the locale decides (34: below 1 a time of day)', () => {
    expect(toPriceValue(num('0.75', 3), NO_TEXTS, formats, 0)).toEqual({ type: 'number', value: 0.75, format: { id: 18, code: 'h:mm AM/PM' } });
    expect(toPriceValue(num('45413', 3), NO_TEXTS, formats, 1462)).toEqual({ type: 'date', value: 46875, format: { id: 14, code: 'mm-dd-yy' } });
    // Times keep their value in the 1904 system; dates move.
    expect(toPriceValue(num('0.5', 2), NO_TEXTS, formats, 1462)?.value).toBe(0.5);
    expect(toPriceValue(num('100', 1), NO_TEXTS, formats, 1462)?.value).toBe(1562);
  });

  it('reads a locale id whose code the file spells out (as LibreOffice does) by that code', () => {
    const spelled = readCellFormats(
      '<styleSheet><numFmts count="1"><numFmt numFmtId="32" formatCode="#,##0.000"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="32"/></cellXfs></styleSheet>',
    );
    expect(spelled.isDate(1)).toBe(false);
    expect(toPriceValue(num('3.5', 1), NO_TEXTS, spelled, 0)).toEqual({ type: 'number', value: 3.5, format: { id: 164, code: '#,##0.000' } });
  });
});
