/**
 * Number formats: which ones make a number cell a date (DESIGN §5.6 "dates stay dates"), and the
 * codes of the built-in ids, which styles.xml never spells out.
 */

export const BUILTIN_FORMATS: Readonly<Record<number, string>> = {
  0: 'General', 1: '0', 2: '0.00', 3: '#,##0', 4: '#,##0.00',
  9: '0%', 10: '0.00%', 11: '0.00E+00', 12: '# ?/?', 13: '# ??/??',
  14: 'mm-dd-yy', 15: 'd-mmm-yy', 16: 'd-mmm', 17: 'mmm-yy', 18: 'h:mm AM/PM', 19: 'h:mm:ss AM/PM',
  20: 'h:mm', 21: 'h:mm:ss', 22: 'm/d/yy h:mm',
  37: '#,##0 ;(#,##0)', 38: '#,##0 ;[Red](#,##0)', 39: '#,##0.00;(#,##0.00)', 40: '#,##0.00;[Red](#,##0.00)',
  45: 'mm:ss', 46: '[h]:mm:ss', 47: 'mmss.0', 48: '##0.0E+0', 49: '@',
};

/**
 * LibreOffice writes General as a custom format (`<numFmt numFmtId="164" formatCode="General"/>`)
 * and gives it to the default style; others write `GENERAL`. Either way it is no format of its own.
 */
export function isGeneralCode(code: string): boolean {
  return code.length === 7 && code.toLowerCase() === 'general';
}

/** The text format `@`: what MA/GM/name columns get when the template says nothing. */
export const TEXT_FORMAT_ID = 49;

const DATE_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);
/** Built-in times of day and durations: no calendar date in them. */
const TIME_IDS = new Set([18, 19, 20, 21, 45, 46, 47]);

/**
 * Locale-specific built-in ids (ECMA-376 Part 1, §18.8.30: zh-TW, zh-CN, ja-JP, ko-KR, th-TH),
 * which styles.xml never spells out and each Excel shows its own way, as the standard built-in that
 * means the same in every one of those locales: dates (14–17, 22), times of day and durations
 * (20, 21, 45–47), Thai numbers, percentages and fractions (1–4, 9, 10, 12, 13).
 */
const LOCALE_BUILTINS: Readonly<Record<number, number>> = {
  27: 14, 28: 14, 29: 14, 30: 14, 31: 14, 32: 20, 33: 21, 36: 14,
  50: 14, 51: 14, 54: 14, 57: 14, 58: 14,
  59: 1, 60: 2, 61: 3, 62: 4, 67: 9, 68: 10, 69: 12, 70: 13,
  71: 14, 72: 15, 73: 16, 74: 17, 75: 20, 76: 21, 77: 22, 78: 45, 79: 46, 80: 47, 81: 14,
};
/**
 * The locale ids that are a time of day in Chinese Excel and a date in Japanese and Korean (34 is
 * `上午/下午 h"时"mm"分"` in Beijing, `yyyy"年"m"月"` in Tokyo): the time each is in Chinese. The
 * cell's value tells which was meant: a time of day is below 1, a date from 1900-01-01 on is not.
 */
const LOCALE_DATE_OR_TIME: Readonly<Record<number, number>> = { 34: 18, 35: 19, 52: 18, 53: 19, 55: 18, 56: 19 };

/** A locale-specific built-in id whose meaning depends on the cell's value (LOCALE_DATE_OR_TIME). */
export function isDateOrTimeBuiltin(id: number): boolean {
  return LOCALE_DATE_OR_TIME[id] !== undefined;
}

/**
 * The standard built-in a locale-specific id stands for (`serial`: the cell's value, for the ids
 * that are a date or a time by it; none: a date); undefined for any other id.
 */
export function standardBuiltin(id: number, serial?: number): number | undefined {
  const time = LOCALE_DATE_OR_TIME[id];
  if (time !== undefined) return serial !== undefined && serial < 1 ? time : 14;
  return LOCALE_BUILTINS[id];
}

const dateCodeCache = new Map<string, string>();

/** A date or time format: its numbers are serial days (a date, a time of day or a duration). */
export function isDateFormat(numFmtId: number, code: string | undefined): boolean {
  if (DATE_IDS.has(numFmtId)) return true;
  if (code === undefined || numFmtId < 164) return false;
  return isDateFormatCode(code);
}

/**
 * A format with a day, month or year in it: its numbers count days from the workbook's epoch, so
 * they move between the 1900 and 1904 date systems. Times of day (`h:mm`) and durations
 * (`[h]:mm`) are a fraction or a count of days from nothing and keep their value.
 */
export function isCalendarDateFormat(numFmtId: number, code: string | undefined): boolean {
  if (TIME_IDS.has(numFmtId)) return false;
  if (DATE_IDS.has(numFmtId)) return true;
  if (code === undefined || numFmtId < 164) return false;
  const parts = dateParts(code);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (p === 'd' || p === 'y') return true;
    // `m` after an hour or before seconds is minutes; anywhere else it is the month.
    if (p === 'm' && parts[i - 1] !== 'h' && parts[i + 1] !== 's') return true;
  }
  return false;
}

/**
 * A custom code is a date when its first section has d/m/y/h/s outside quotes, `\`-escapes and
 * `[…]` brackets — but `[h]`/`[mm]`/`[ss]` elapsed-time brackets do count.
 */
export function isDateFormatCode(code: string): boolean {
  return dateParts(code) !== '';
}

/**
 * The date and time parts of a code's first section in order, one letter per run: `dd.mm.yyyy`
 * → `dmy`, `[h]:mm:ss` → `hms`. AM/PM markers are no part (their `M` is no month).
 */
function dateParts(code: string): string {
  const cached = dateCodeCache.get(code);
  if (cached !== undefined) return cached;
  const section = code.split(';')[0];
  let parts = '';
  let lastAt = -2;
  for (let i = 0; i < section.length; i++) {
    const c = section[i];
    if (c === '"') {
      const end = section.indexOf('"', i + 1);
      i = end < 0 ? section.length : end;
    } else if (c === '\\' || c === '_' || c === '*') {
      i++;
    } else if (c === '[') {
      const end = section.indexOf(']', i + 1);
      const inner = section.slice(i + 1, end < 0 ? section.length : end);
      if (/^(h+|m+|s+)$/i.test(inner)) parts += inner[0].toLowerCase();
      i = end < 0 ? section.length : end;
    } else if (/^(am\/pm|a\/p)/i.test(section.slice(i, i + 5))) {
      i += section[i + 1] === '/' ? 2 : 4;
    } else if (/[dmyhsDMYHS]/.test(c)) {
      const part = c.toLowerCase();
      if (lastAt !== i - 1 || parts[parts.length - 1] !== part) parts += part;
      lastAt = i;
    }
  }
  if (dateCodeCache.size < 1000) dateCodeCache.set(code, parts);
  return parts;
}
