import type { NumberFormat } from './styles-reader';

/**
 * A price cell's value as the price side reads it and the template writer writes it: type kept,
 * with the source's number format.
 */
export type PriceValue =
  /** Times of day and durations too: serial days that no date system shifts. */
  | { type: 'number'; value: number; format: NumberFormat }
  /** A calendar date (maybe with a time): serial day number in the 1900 date system. */
  | { type: 'date'; value: number; format: NumberFormat }
  /** `cut`: the text's whole length when it was longer than a cell may hold and was cut to LIMITS.cellTextMax. */
  | { type: 'string'; value: string; format: NumberFormat; cut?: number }
  | { type: 'boolean'; value: boolean; format: NumberFormat }
  | { type: 'error'; value: string; format: NumberFormat };

/** Days between the 1900 and 1904 date systems' epochs. */
export const DATE1904_OFFSET = 1462;

/** Plain decimal text of a number, never in `1E+12` notation for whole numbers. */
export function formatNumber(n: number): string {
  if (Number.isInteger(n)) return Math.abs(n) < 1e21 ? String(n) : BigInt(n).toString();
  return String(n);
}
