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
/** Locale-specific date ids (Chinese/Japanese/Korean/Thai builtins) Excel also treats as dates. */
const LOCALE_DATE_IDS = new Set([27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81]);

const dateCodeCache = new Map<string, boolean>();

export function isDateFormat(numFmtId: number, code: string | undefined): boolean {
  if (DATE_IDS.has(numFmtId) || LOCALE_DATE_IDS.has(numFmtId)) return true;
  if (code === undefined || numFmtId < 164) return false;
  return isDateFormatCode(code);
}

/**
 * A custom code is a date when its first section has d/m/y/h/s outside quotes, `\`-escapes and
 * `[…]` brackets — but `[h]`/`[mm]`/`[ss]` elapsed-time brackets do count.
 */
export function isDateFormatCode(code: string): boolean {
  const cached = dateCodeCache.get(code);
  if (cached !== undefined) return cached;
  const section = code.split(';')[0];
  let result = false;
  for (let i = 0; i < section.length && !result; i++) {
    const c = section[i];
    if (c === '"') {
      const end = section.indexOf('"', i + 1);
      i = end < 0 ? section.length : end;
    } else if (c === '\\' || c === '_' || c === '*') {
      i++;
    } else if (c === '[') {
      const end = section.indexOf(']', i + 1);
      const inner = section.slice(i + 1, end < 0 ? section.length : end);
      if (/^(h+|m+|s+)$/i.test(inner)) result = true;
      i = end < 0 ? section.length : end;
    } else if (/[dmyhsDMYHS]/.test(c)) {
      result = true;
    }
  }
  if (dateCodeCache.size < 1000) dateCodeCache.set(code, result);
  return result;
}
