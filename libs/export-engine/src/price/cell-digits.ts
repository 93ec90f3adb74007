import { normalizeKey } from './key-normalizer';

/**
 * Numbers read from a scanned cell's chars, with no string made for them: most cells of a price
 * list are plain decimals, shared-string indices and codes of digits only, and a diff reads
 * hundreds of thousands of them (version-table.ts).
 */

/** A normalised code: digits only as a number, anything else as its text; '' for none. */
export type Key = string | number;

/** A text cell's key: digits only (the usual code) read straight into a number, anything else normalised first (DESIGN §5.2). */
export function textKey(text: string): Key {
  const n = digitRun(text, 0, text.length);
  return n >= 0 ? n : asKey(normalizeKey(text));
}

/** A normalised key, as a number when it is digits only. */
export function asKey(key: string): Key {
  const n = digitRun(key, 0, key.length);
  return n >= 0 ? n : key;
}

/** Longest text of digits kept as a number and a length (the length is a byte). */
export const DIGITS_MAX_LENGTH = 255;

/**
 * The number s[start, end) writes when it is digits only, at most 15 of them after the leading
 * zeros (a double holds them exactly) and DIGITS_MAX_LENGTH in all; -1 otherwise. Its key is that
 * number, and the text is the number written out to its length again.
 */
export function digitRun(s: string, start: number, end: number): number {
  const length = end - start;
  if (length <= 0 || length > DIGITS_MAX_LENGTH) return -1;
  let n = 0;
  let significant = 0;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
    if (significant > 0 || c !== 48) significant++;
    n = n * 10 + (c - 48);
  }
  return significant > 15 ? -1 : n;
}

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * s[start, end) as a number when it is a plain decimal (`683.49`, `-5`, `20`) of at most 15
 * digits, which a double holds exactly so that digits ÷ 10^k is the number Number() reads; NaN
 * for anything else (exponents, longer numbers, spaces), which takes Number() of the text.
 */
export function plainDecimal(s: string, start: number, end: number): number {
  let i = start;
  const negative = s.charCodeAt(i) === 45;
  if (negative) i++;
  let digits = 0;
  let n = 0;
  let fraction = -1;
  for (; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      n = n * 10 + (c - 48);
      digits++;
      if (fraction >= 0) fraction++;
    } else if (c === 46 && fraction < 0) fraction = 0;
    else return NaN;
  }
  if (digits === 0 || digits > 15 || fraction === 0) return NaN;
  const v = fraction > 0 ? n / POW10[fraction] : n;
  return negative ? -v : v;
}

/** The digits of a shared-string cell's `<v>` as its index; -1 when it is none. */
export function sharedIndex(s: string, start: number, end: number): number {
  if (start < 0) {
    const n = Number(s.trim());
    return Number.isInteger(n) && n >= 0 ? n : -1;
  }
  let n = 0;
  let digits = 0;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      n = n * 10 + c - 48;
      digits++;
    } else if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return -1;
  }
  return digits > 0 ? n : -1;
}
