import type { CheckCellValue, Item, Mapping } from '@app/contracts';
import { ENGINE_ERR, LIMITS, MANUAL_FIELDS, cutText } from '@app/contracts';
import { EngineError } from '../package/engine-error';
import type { PriceValue } from '../package/cell-value';
import type { OutRow, OutValue } from './template-writer';

/** Columns beyond XFD cannot exist in a sheet; say so instead of writing a broken file. */
export function checkColumns(mapping: Mapping): void {
  const max = LIMITS.columnMax;
  for (const f of MANUAL_FIELDS) {
    const c = mapping.manualMapping[f];
    if (c > max) throw new EngineError('COLUMN_TOO_LARGE', ENGINE_ERR.columnTooLarge(c, max));
  }
  for (const [p, c] of Object.entries(mapping.priceToTemplate)) {
    if (c > max) throw new EngineError('COLUMN_TOO_LARGE', ENGINE_ERR.columnTooLarge(c, max));
    if (Number(p) > max) throw new EngineError('COLUMN_TOO_LARGE', ENGINE_ERR.priceColumnTooLarge(Number(p), max));
  }
  for (const c of [mapping.priceKeys.ma, mapping.priceKeys.gm]) {
    if (c > max) throw new EngineError('COLUMN_TOO_LARGE', ENGINE_ERR.priceColumnTooLarge(c, max));
  }
}

/** The template columns that receive a value: merges over them would hide it; the check lists them. */
export function valueColumns(mapping: Mapping): Set<number> {
  const cols = new Set<number>(Object.values(mapping.priceToTemplate));
  for (const f of MANUAL_FIELDS) cols.add(mapping.manualMapping[f]);
  cols.delete(0);
  return cols;
}

/** DESIGN §5.5: price values first; a manual field overrides them in a shared column unless empty. */
export function outRow(item: Item, prices: ReadonlyMap<number, PriceValue>, mapping: Mapping): OutRow {
  const row: OutRow = new Map();
  for (const [priceCol, templateCol] of Object.entries(mapping.priceToTemplate)) {
    const v = prices.get(Number(priceCol));
    if (v && templateCol > 0) row.set(templateCol, { type: 'price', value: v });
  }
  const m = mapping.manualMapping;
  if (m.ma > 0 && item.ma !== '') row.set(m.ma, { type: 'text', value: item.ma });
  if (m.gm > 0 && item.gm !== '') row.set(m.gm, { type: 'text', value: item.gm });
  if (m.name > 0 && item.name !== '') row.set(m.name, { type: 'text', value: item.name });
  if (m.minQty > 0) row.set(m.minQty, { type: 'number', value: item.minQty });
  if (m.step > 0) row.set(m.step, { type: 'number', value: item.step });
  return row;
}

/** A written value as the check and the digest show it: numbers as numbers, dates as ISO text. */
export function previewValue(v: OutValue): CheckCellValue {
  if (v.type !== 'price') return v.value;
  return v.value.type === 'date' ? isoDate(v.value.value) : v.value.value;
}

/**
 * A written value as the check's preview and messages show it: a text cut to
 * LIMITS.previewTextMax (a 30 MB cell made a check's answer 31–63 MB).
 */
export function shownValue(v: OutValue): CheckCellValue {
  const value = previewValue(v);
  return typeof value === 'string' ? cutText(value, LIMITS.previewTextMax, true) : value;
}

/** A written value as the cell stores it (dates as serial days), for the template's validations. */
export function storedValue(v: OutValue): string | number | boolean {
  return v.type === 'price' ? v.value.value : v.value;
}

/** A 1900-system serial day as `2025-02-03`, or `2025-02-03T08:30:00` with a time of day. */
function isoDate(serial: number): string {
  const iso = new Date(Math.round((serial - 25_569) * 86_400_000)).toISOString();
  return Number.isInteger(serial) ? iso.slice(0, 10) : iso.slice(0, 19);
}
