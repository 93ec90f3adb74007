/**
 * Integers longer than this stay text: barcodes (EAN-13, UPC-12) and 12-digit INNs are codes, and
 * as numbers Excel would show them as 4,6E+12. Prices and quantities never come near it.
 */
const MAX_INTEGER_DIGITS = 11;
/** A fraction's integer part beyond this loses digits in a double. */
const MAX_DIGITS = 15;

/**
 * How a CSV field reads as a number: '' when s[start, end) is one as it stands (digits, a point,
 * a minus: positions will do), the number in JS form when it needs rewriting (`1 234,50` →
 * `1234.50`), undefined when it is text. Suppliers write a decimal comma or point, spaces or
 * non-breaking spaces between thousands and maybe a minus. A code with a leading zero (`0031000`)
 * is text, so the zeros survive into the export as they would in an xlsx text cell.
 * `s` holds UTF-8 bytes as latin1 chars: NBSP is `\u00c2\u00a0`, U+202F is `\u00e2\u0080\u00af`.
 */
export function numberText(s: string, start: number, end: number): string | undefined {
  let a = start;
  let b = end;
  while (a < b && isBlank(s.charCodeAt(a))) a++;
  while (b > a && isBlank(s.charCodeAt(b - 1))) b--;
  if (a === b) return undefined;
  let i = a;
  const negative = s.charCodeAt(i) === 45;
  if (negative) i++;
  let digits = 0;
  let group = -1;
  let rewrite = false;
  const intStart = i;
  for (; i < b; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      digits++;
      if (group >= 0) group++;
      continue;
    }
    const gap = gapLength(s, i, b);
    if (gap === 0) break;
    // A thousands gap follows one to three digits, then every group has exactly three.
    if ((group < 0 && digits > 3) || (group >= 0 && group !== 3) || digits === 0) return undefined;
    group = 0;
    rewrite = true;
    i += gap - 1;
  }
  if (digits === 0 || (group >= 0 && group !== 3)) return undefined;
  if (digits > 1 && s.charCodeAt(intStart) === 48) return undefined;
  let fraction = '';
  if (i < b) {
    const c = s.charCodeAt(i);
    if (c !== 44 && c !== 46) return undefined;
    if (c === 44) rewrite = true;
    const fracStart = ++i;
    for (; i < b; i++) {
      const d = s.charCodeAt(i);
      if (d < 48 || d > 57) return undefined;
    }
    if (i === fracStart || digits > MAX_DIGITS) return undefined;
    fraction = s.slice(fracStart, b);
  } else if (digits > MAX_INTEGER_DIGITS) {
    return undefined;
  }
  if (!rewrite) return '';
  let int = '';
  for (let k = intStart; k < b; k++) {
    const c = s.charCodeAt(k);
    if (c === 44 || c === 46) break;
    if (c >= 48 && c <= 57) int += s[k];
  }
  return `${negative ? '-' : ''}${int}${fraction ? `.${fraction}` : ''}`;
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

/** Length of a thousands separator at i (space, NBSP or narrow NBSP as UTF-8 bytes), else 0. */
function gapLength(s: string, i: number, end: number): number {
  const c = s.charCodeAt(i);
  if (c === 32) return 1;
  if (c === 0xc2 && i + 1 < end && s.charCodeAt(i + 1) === 0xa0) return 2;
  if (c === 0xe2 && i + 2 < end && s.charCodeAt(i + 1) === 0x80 && s.charCodeAt(i + 2) === 0xaf) return 3;
  return 0;
}
