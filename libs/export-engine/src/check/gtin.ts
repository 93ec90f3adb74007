/**
 * GS1 barcodes (EAN-8, UPC-12, EAN-13, GTIN-14) for the check's `bad-gtin` (DESIGN §11): a chain
 * rejects a barcode whose last digit is not the check digit of the others.
 */

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);
/** A header naming a barcode column: штрихкод, штрих-код, ШК, EAN, GTIN (as a word or a word's start). */
const GTIN_HEADER_RE = /штрих[\s-]*код|(?:^|[^\p{L}])(?:шк|ean|gtin)(?![\p{L}])/iu;

export function isGtinHeader(header: string): boolean {
  return GTIN_HEADER_RE.test(header);
}

/** The value's digits when it is written like a barcode (8, 12, 13 or 14 digits), else undefined. */
export function gtinDigits(value: string | number | boolean): string | undefined {
  if (typeof value === 'boolean') return undefined;
  const text = typeof value === 'number' ? (Number.isInteger(value) && value >= 0 ? BigInt(value).toString() : '') : value.trim();
  return GTIN_LENGTHS.has(text.length) && /^\d+$/.test(text) ? text : undefined;
}

/** GS1 mod 10: from the right, the digits before the check digit weigh 3, 1, 3, 1, … */
export function hasValidCheckDigit(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 2, w = 3; i >= 0; i--, w = 4 - w) sum += (digits.charCodeAt(i) - 48) * w;
  return (10 - (sum % 10)) % 10 === digits.charCodeAt(digits.length - 1) - 48;
}
