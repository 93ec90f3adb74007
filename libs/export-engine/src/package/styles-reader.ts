import { BUILTIN_FORMATS, isCalendarDateFormat, isDateFormat, isGeneralCode } from './number-format';
import { findStartTags, parseAttributes } from './xml-text';

export interface NumberFormat {
  id: number;
  /** The format code; for built-in ids the standard code (en-US), for custom ones as written. */
  code: string;
}

export interface CellFormats {
  /** Number format of cell style `s` (cellXfs index). */
  formatOf(styleIndex: number): NumberFormat;
  /** A date or time format (a time of day or a duration included). */
  isDate(styleIndex: number): boolean;
  /** A format with a day, month or year: its serials depend on the date system. */
  isCalendarDate(styleIndex: number): boolean;
}

const GENERAL: NumberFormat = { id: 0, code: 'General' };

/** Reads only what the price side needs from styles.xml: each cellXfs entry's number format. */
export function readCellFormats(stylesXml: string | undefined): CellFormats {
  const custom = new Map<number, string>();
  const formats: NumberFormat[] = [];
  if (stylesXml) {
    for (const tag of findStartTags(stylesXml, 'numFmt')) {
      const a = parseAttributes(tag);
      const id = Number(a.get('numFmtId'));
      if (Number.isInteger(id)) custom.set(id, a.get('formatCode') ?? '');
    }
    const cellXfs = sectionOf(stylesXml, 'cellXfs');
    for (const tag of findStartTags(cellXfs, 'xf')) {
      const id = Number(parseAttributes(tag).get('numFmtId') ?? 0) || 0;
      const code = custom.get(id) ?? BUILTIN_FORMATS[id] ?? 'General';
      formats.push(isGeneralCode(code) ? GENERAL : { id, code });
    }
  }
  const dates = formats.map((f) => isDateFormat(f.id, f.code));
  const calendarDates = formats.map((f) => isCalendarDateFormat(f.id, f.code));
  return {
    formatOf: (s) => formats[s] ?? GENERAL,
    isDate: (s) => dates[s] ?? false,
    isCalendarDate: (s) => calendarDates[s] ?? false,
  };
}

/** Inner XML of the first `<name>…</name>` (any namespace prefix); '' when absent or empty. */
export function sectionOf(xml: string, localName: string): string {
  const open = new RegExp(`<((?:[A-Za-z_][\\w.-]*:)?${localName})(?=[\\s/>])[^>]*?(/?)>`).exec(xml);
  if (!open || open[2] === '/') return '';
  const start = open.index + open[0].length;
  const end = xml.indexOf(`</${open[1]}>`, start);
  return end < 0 ? '' : xml.slice(start, end);
}

