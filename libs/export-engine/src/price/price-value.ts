import { LIMITS, cutText } from '@app/contracts';
import type { PriceCell } from './price-index';
import { CellKind } from '../package/sheet-reader';
import type { PriceValue } from '../package/cell-value';
import type { CellFormats, NumberFormat } from '../package/styles-reader';

const ISO_DATE_FORMAT: NumberFormat = { id: 14, code: 'mm-dd-yy' };
const ISO_DATETIME_FORMAT: NumberFormat = { id: 22, code: 'm/d/yy h:mm' };
const ISO_TIME_FORMAT: NumberFormat = { id: 21, code: 'h:mm:ss' };
const ISO_TIME = /^T?(\d\d):(\d\d)(?::(\d\d(?:[.,]\d+)?))?(?:Z|[+-]\d\d(?::?\d\d)?)?$/;

/** An ISO 8601 time of day without a date (`12:30`, `T12:30:00.5`) as a fraction of a day; undefined otherwise. */
export function isoTimeOfDay(raw: string): number | undefined {
  const m = ISO_TIME.exec(raw.trim());
  if (!m) return undefined;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number((m[3] ?? '0').replace(',', '.'))];
  if (h > 24 || min > 59 || s >= 60 || (h === 24 && (min > 0 || s > 0))) return undefined;
  return (h * 3600 + min * 60 + s) / 86_400;
}

/** Excel's error values, the newer ones of dynamic arrays and data types included. */
const EXCEL_ERRORS = /^#(?:NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|GETTING_DATA|SPILL!|CALC!|FIELD!|BLOCKED!|CONNECT!|UNKNOWN!|BUSY!|PYTHON!)$/;

/**
 * A text as it can be written: one longer than a cell may hold (LIMITS.cellTextMax) is cut to it,
 * and says how long it was (the check's `value-cut`, DESIGN §15): Excel refuses a file with more.
 */
function textValue(text: string, format: NumberFormat): PriceValue {
  if (text.length <= LIMITS.cellTextMax) return { type: 'string', value: text, format };
  return { type: 'string', value: cutText(text, LIMITS.cellTextMax), format, cut: text.length };
}

/** A retained price cell as a value; shared strings come from `texts` (undefined when not read). */
export function toPriceValue(c: PriceCell, texts: ReadonlyMap<number, string>, formats: CellFormats, dateOffset: number): PriceValue | undefined {
  const format = formats.formatOf(c.style);
  switch (c.kind) {
    case CellKind.shared: {
      const text = texts.get(parseInt(c.raw, 10));
      return text === undefined ? undefined : textValue(text, format);
    }
    case CellKind.string:
      return textValue(c.raw, format);
    case CellKind.boolean:
      return { type: 'boolean', value: c.raw.trim() === '1' || c.raw.trim().toLowerCase() === 'true', format };
    case CellKind.error:
      // An error value Excel does not know would make the export a file it repairs: written as the text it is.
      return EXCEL_ERRORS.test(c.raw) ? { type: 'error', value: c.raw, format } : textValue(c.raw, format);
    case CellKind.isoDate: {
      // A time alone (`12:30:00`, as openpyxl writes a time with ISO dates) is a time of day.
      const time = isoTimeOfDay(c.raw);
      if (time !== undefined) return { type: 'number', value: time, format: formats.isDate(c.style) ? format : ISO_TIME_FORMAT };
      const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(c.raw) || !c.raw.includes('T') ? c.raw : `${c.raw}Z`);
      if (!Number.isFinite(ms)) return textValue(c.raw, format);
      const serial = ms / 86_400_000 + 25_569;
      const fmt = formats.isDate(c.style) ? format : Number.isInteger(serial) ? ISO_DATE_FORMAT : ISO_DATETIME_FORMAT;
      return { type: 'date', value: serial, format: fmt };
    }
    default: {
      const n = Number(c.raw);
      if (!Number.isFinite(n)) return textValue(c.raw, format);
      if (formats.isCalendarDate(c.style, n)) return { type: 'date', value: n + dateOffset, format };
      return { type: 'number', value: n, format: formats.formatOf(c.style, n) };
    }
  }
}
