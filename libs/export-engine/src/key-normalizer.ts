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
const SPACE_RUN_RE = /\s+/g;
const ALL_DIGITS_RE = /^\d+$/;
/** Already-normal keys (lower-case ASCII codes, no spaces) skip the regex work: the common case. */
const PLAIN_RE = /^[0-9a-z\-_./#]*$/;

export function normalizeKey(text: string): string {
  let s: string;
  if (PLAIN_RE.test(text)) {
    s = text;
  } else {
    s = text.replace(SPACE_RUN_RE, ' ').trim().toLowerCase().replace(LOOKALIKE_RE, (c) => LOOKALIKES[c]);
  }
  if (s.length > 0 && s.charCodeAt(0) === 48 && ALL_DIGITS_RE.test(s)) {
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
  if (ALL_DIGITS_RE.test(raw)) return normalizeKey(raw);
  const n = Number(raw);
  if (!Number.isFinite(n)) return normalizeKey(raw);
  return formatNumber(n);
}

/** Plain decimal text of a number, never in `1E+12` notation for whole numbers. */
export function formatNumber(n: number): string {
  if (Number.isInteger(n)) return Math.abs(n) < 1e21 ? String(n) : BigInt(n).toString();
  return String(n);
}

/** Key of a cell value of any type; '' for empty. */
export function keyOfValue(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  return normalizeKey(value);
}
