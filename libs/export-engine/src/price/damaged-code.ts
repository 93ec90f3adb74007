/**
 * Codes Excel damaged (DESIGN §11 `damaged-code`): a long number code shown as `4,60700E+12` and
 * saved that way has lost its last digits for good; a text code `0031000` that Excel took for a
 * number has lost its leading zeros.
 */

/** A code in Excel's exponent form, as text: `4.60700123457E+12`, `4,6E+12` (a Russian CSV). */
const EXPONENT_TEXT_RE = /^\s*[+-]?\d+(?:[.,]\d+)?e[+-]?\d+\s*$/i;

export function looksLikeExponent(text: string): boolean {
  return EXPONENT_TEXT_RE.test(text);
}

/** Texts longer than this are no code in exponent form. */
const EXPONENT_TEXT_MAX = 32;

/** Cheap test on UTF-8 bytes before any decoding: only digits, `.,+-eE` and spaces, an `e` among them. */
export function mayBeExponentBytes(buf: Uint8Array, from: number, to: number): boolean {
  if (to - from > EXPONENT_TEXT_MAX) return false;
  let e = false;
  for (let i = from; i < to; i++) {
    const b = buf[i];
    if (b === 69 || b === 101) e = true;
    else if (!((b >= 48 && b <= 57) || b === 46 || b === 44 || b === 43 || b === 45 || b === 32)) return false;
  }
  return e;
}

/** A number cell's XML text s[start, end) (or s itself when start < 0) holds an exponent. */
export function hasExponent(s: string, start: number, end: number): boolean {
  const from = start < 0 ? 0 : start;
  const to = start < 0 ? s.length : end;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === 69 || c === 101) return true;
  }
  return false;
}

/** The item's code had leading zeros that a number cell in the price list cannot hold. */
export function lostLeadingZeros(itemCode: string): boolean {
  return /^\s*0\d*\s*$/.test(itemCode) && /[1-9]/.test(itemCode);
}
