import { isCalendarDateFormat, isDateFormat, isDateFormatCode } from './number-format';

describe('date number formats', () => {
  it('knows the built-in date ids 14–22 and 45–47', () => {
    for (const id of [14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]) expect(isDateFormat(id, undefined)).toBe(true);
    for (const id of [0, 1, 2, 3, 4, 9, 10, 11, 49]) expect(isDateFormat(id, undefined)).toBe(false);
  });

  it('reads custom codes: d/m/y/h/s outside quotes and brackets', () => {
    expect(isDateFormatCode('dd.mm.yyyy')).toBe(true);
    expect(isDateFormatCode('yyyy-mm-dd hh:mm')).toBe(true);
    expect(isDateFormatCode('[$-419]d mmmm yyyy')).toBe(true);
    expect(isDateFormatCode('[h]:mm')).toBe(true);
    expect(isDateFormatCode('#,##0.00 "руб."')).toBe(false);
    expect(isDateFormatCode('0.00 "days"')).toBe(false);
    expect(isDateFormatCode('[Red]#,##0')).toBe(false);
    expect(isDateFormatCode('#,##0\\ \\s')).toBe(false);
    expect(isDateFormatCode('@')).toBe(false);
  });

  it('does not treat a custom id with a General-like code as a date', () => {
    expect(isDateFormat(164, '#,##0.00')).toBe(false);
    expect(isDateFormat(165, 'dd/mm/yy')).toBe(true);
  });

  it('tells calendar dates from times of day and durations (only dates depend on the date system)', () => {
    for (const id of [14, 15, 16, 17, 22]) expect(isCalendarDateFormat(id, undefined)).toBe(true);
    for (const id of [18, 19, 20, 21, 45, 46, 47]) expect(isCalendarDateFormat(id, undefined)).toBe(false);
    for (const code of ['dd.mm.yyyy', 'yyyy\\-mm\\-dd', 'mmm', 'd-mmm', 'yyyy-mm-dd hh:mm', '[$-419]d mmmm yyyy', 'mm']) expect(isCalendarDateFormat(164, code)).toBe(true);
    for (const code of ['[hh]:mm:ss', '[h]:mm', 'h:mm', 'hh:mm:ss AM/PM', 'mm:ss', 'h:mm A/P', '#,##0.00']) expect(isCalendarDateFormat(164, code)).toBe(false);
  });
});
