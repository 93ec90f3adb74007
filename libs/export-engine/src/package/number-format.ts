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
/** Locale-specific date ids (Chinese/Japanese/Korean/Thai builtins) Excel also treats as dates. */
const LOCALE_DATE_IDS = new Set([27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81]);

const dateCodeCache = new Map<string, string>();

/** A date or time format: its numbers are serial days (a date, a time of day or a duration). */
export function isDateFormat(numFmtId: number, code: string | undefined): boolean {
  if (DATE_IDS.has(numFmtId) || LOCALE_DATE_IDS.has(numFmtId)) return true;
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
  if (DATE_IDS.has(numFmtId) || LOCALE_DATE_IDS.has(numFmtId)) return true;
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
