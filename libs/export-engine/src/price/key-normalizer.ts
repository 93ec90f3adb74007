import { formatNumber } from '../package/cell-value';

/**
 * Key normalisation (DESIGN §5.2), used only to match item codes to price rows, never written.
 * Codes are typed by people and stored by programs, so the same code arrives as ` GM-77005 `,
 * `gm-77005`, `0031000`, 31000 (a number cell) or with Cyrillic letters that look Latin.
 */

/** Cyrillic look-alikes, lower case (upper case is lowered first), folded to the Latin letter. */
const LOOKALIKES: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
};
const LOOKALIKE_RE = /[авекмнорстух]/g;
/** The same letters in upper case, for when case is not folded (see KeyStep). */
const LOOKALIKES_UPPER: Record<string, string> = Object.fromEntries(Object.entries(LOOKALIKES).map(([c, l]) => [c.toUpperCase(), l.toUpperCase()]));
const LOOKALIKE_ANY_RE = /[авекмнорстухАВЕКМНОРСТУХ]/g;
const SPACE_RUN_RE = /\s+/g;
const ALL_DIGITS_RE = /^\d+$/;
/** Already-normal keys (lower-case ASCII codes, no spaces) skip the regex work: the common case. */
const PLAIN_RE = /^[0-9a-z\-_./#]*$/;

/** The steps of normalisation, by the names a check gives them when a match needed one (DESIGN §11). */
export type KeyStep = 'spaces' | 'case' | 'look-alike' | 'leading-zeros';
export const KEY_STEPS: readonly KeyStep[] = ['leading-zeros', 'case', 'spaces', 'look-alike'];

export function normalizeKey(text: string): string {
  return normalizeKeyWithout(text, PLAIN_RE.test(text) ? 'plain' : undefined);
}

/**
 * normalizeKey with one step left out, so a check can tell which steps a match needed. 'plain':
 * the text is known to need none of the letter and space steps (normalizeKey's fast path).
 */
export function normalizeKeyWithout(text: string, skip?: KeyStep | 'plain'): string {
  let s = text;
  if (skip !== 'plain') {
    if (skip !== 'spaces') s = s.replace(SPACE_RUN_RE, ' ').trim();
    if (skip !== 'case') s = s.toLowerCase();
    if (skip === 'case') s = s.replace(LOOKALIKE_ANY_RE, (c) => LOOKALIKES[c] ?? LOOKALIKES_UPPER[c]);
    else if (skip !== 'look-alike') s = s.replace(LOOKALIKE_RE, (c) => LOOKALIKES[c]);
  }
  if (skip !== 'leading-zeros' && s.length > 0 && s.charCodeAt(0) === 48 && ALL_DIGITS_RE.test(s)) {
    let i = 0;
    while (i < s.length - 1 && s.charCodeAt(i) === 48) i++;
    s = s.slice(i);
  }
  return s;
}

/**
 * The key of a number cell as written in the sheet XML (`31000`, `4.607001234567E12`, `49.9`):
 * a whole number without `.0` or exponent, so it matches the same code typed as text.
 */
export function numberKey(raw: string): string {
  // Fast path, most number cells: plain digits without a leading zero are already the key.
  let plain = raw.length > 0 && raw.charCodeAt(0) !== 48;
  for (let i = 0; plain && i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < 48 || c > 57) plain = false;
  }
  if (plain) return raw;
  if (isShortDecimal(raw)) return raw;
  if (ALL_DIGITS_RE.test(raw)) return normalizeKey(raw);
  const n = Number(raw);
  if (!Number.isFinite(n)) return normalizeKey(raw);
  return formatNumber(n);
}

/**
 * `49.9`, `-0.25`: already in shortest form, so Number→String would give the same text. Longer
 * ones may be Excel's 17-digit spellings (`49.899999999999999`) and take the slow path.
 */
function isShortDecimal(raw: string): boolean {
  const n = raw.length;
  if (n > 15 || n < 3) return false;
  const last = raw.charCodeAt(n - 1);
  if (last < 49 || last > 57) return false;
  let dot = false;
  for (let i = raw.charCodeAt(0) === 45 ? 1 : 0; i < n; i++) {
    const c = raw.charCodeAt(i);
    if (c === 46) {
      if (dot) return false;
      dot = true;
    } else if (c < 48 || c > 57) return false;
  }
  // "0.5" is shortest; "00.5" or "05.5" are not.
  const first = raw.charCodeAt(raw.charCodeAt(0) === 45 ? 1 : 0);
  const second = raw.charCodeAt(raw.charCodeAt(0) === 45 ? 2 : 1);
  return dot && !(first === 48 && second !== 46) && first !== 46;
}

export function longestKey(keys: Iterable<string>): number {
  let max = 0;
  for (const k of keys) if (k.length > max) max = k.length;
  return max;
}

/**
 * Cheap pre-check before normalizeKey on every text of a price list: normalising never makes a
 * text shorter than its non-space characters (bar the leading zeros of a digits-only code), so a
 * longer text cannot be any item's key. Saves the regex work on names and descriptions.
 */
export function mayBeKey(text: string, maxKeyLength: number): boolean {
  if (text.length <= maxKeyLength) return true;
  let count = 0;
  let leading = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13) || c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff) continue;
    // Leading zeros may vanish (digits-only codes); never count them.
    if (leading && c === 48) continue;
    leading = false;
    if (++count > maxKeyLength) return false;
  }
  return true;
}

/**
 * A copy of `s` that does not keep alive the big string it was sliced from. V8 represents
 * `big.slice(a, b)` as a view into `big`; remembering a few hundred such slices of 64 KB decoded
 * XML pieces would make memory grow with the size of the price list.
 */
export function detach(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}
