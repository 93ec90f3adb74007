import { BUILTIN_FORMATS, isCalendarDateFormat, isDateFormat, isDateOrTimeBuiltin, isGeneralCode, standardBuiltin } from './number-format';
import { findStartTags, parseAttributes } from './xml-text';

export interface NumberFormat {
  id: number;
  /** The format code; for built-in ids the standard code (en-US), for custom ones as written. */
  code: string;
}

export interface CellFormats {
  /**
   * Number format of cell style `s` (cellXfs index). `value`: the cell's number, which decides
   * the few locale built-ins that are a date in one locale and a time in another.
   */
  formatOf(styleIndex: number, value?: number): NumberFormat;
  /** A date or time format (a time of day or a duration included). */
  isDate(styleIndex: number): boolean;
  /** A format with a day, month or year: its serials depend on the date system. */
  isCalendarDate(styleIndex: number, value?: number): boolean;
}

const GENERAL: NumberFormat = { id: 0, code: 'General' };
/** Ids from here on are the file's own formats, spelled out in styles.xml. */
const FIRST_CUSTOM_ID = 164;

/** Reads only what the price side needs from styles.xml: each cellXfs entry's number format. */
export function readCellFormats(stylesXml: string | undefined): CellFormats {
  const custom = new Map<number, string>();
  const formats: NumberFormat[] = [];
  /** Styles whose format is a locale built-in that the value decides: style → its id. */
  const byValue = new Map<number, number>();
  if (stylesXml) {
    for (const tag of findStartTags(stylesXml, 'numFmt')) {
      const a = parseAttributes(tag);
      const id = Number(a.get('numFmtId'));
      if (Number.isInteger(id)) custom.set(id, a.get('formatCode') ?? '');
    }
    const cellXfs = sectionOf(stylesXml, 'cellXfs');
    for (const tag of findStartTags(cellXfs, 'xf')) {
      const id = Number(parseAttributes(tag).get('numFmtId') ?? 0) || 0;
      if (isDateOrTimeBuiltin(id) && !custom.has(id)) byValue.set(formats.length, id);
      formats.push(formatFor(id, custom.get(id)));
    }
  }
  const dates = formats.map((f, s) => byValue.has(s) || isDateFormat(f.id, f.code));
  const calendarDates = formats.map((f) => isCalendarDateFormat(f.id, f.code));
  const valued = (s: number, value: number | undefined): NumberFormat | undefined => {
    const id = byValue.get(s);
    return id === undefined ? undefined : builtin(standardBuiltin(id, value)!);
  };
  return {
    formatOf: (s, value) => valued(s, value) ?? formats[s] ?? GENERAL,
    isDate: (s) => dates[s] ?? false,
    isCalendarDate: (s, value) => {
      const f = valued(s, value);
      return f ? isCalendarDateFormat(f.id, f.code) : (calendarDates[s] ?? false);
    },
  };
}

/**
 * A cellXfs entry's format: a standard built-in by its en-US code, a locale-specific built-in as
 * the standard one it stands for (one that is a date or a time by the value: a date until the
 * value says otherwise), a code the file spells out as written (for an id below 164 that is no
 * standard built-in, as a custom format, so that its code decides), anything else General.
 */
function formatFor(id: number, declared: string | undefined): NumberFormat {
  if (declared !== undefined) {
    if (isGeneralCode(declared)) return GENERAL;
    return { id: BUILTIN_FORMATS[id] === undefined && id < FIRST_CUSTOM_ID ? FIRST_CUSTOM_ID : id, code: declared };
  }
  if (BUILTIN_FORMATS[id] !== undefined) return isGeneralCode(BUILTIN_FORMATS[id]) ? GENERAL : { id, code: BUILTIN_FORMATS[id] };
  const standard = standardBuiltin(id);
  return standard === undefined ? GENERAL : builtin(standard);
}

function builtin(id: number): NumberFormat {
  return { id, code: BUILTIN_FORMATS[id] };
}

/** Inner XML of the first `<name>…</name>` (any namespace prefix); '' when absent or empty. */
export function sectionOf(xml: string, localName: string): string {
  const open = new RegExp(`<((?:[A-Za-z_][\\w.-]*:)?${localName})(?=[\\s/>])[^>]*?(/?)>`).exec(xml);
  if (!open || open[2] === '/') return '';
  const start = open.index + open[0].length;
  const end = xml.indexOf(`</${open[1]}>`, start);
  return end < 0 ? '' : xml.slice(start, end);
}

