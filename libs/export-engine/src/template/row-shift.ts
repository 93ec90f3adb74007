import type { TemplateRow } from './template-sheet';

/** A table's body as it was and as it becomes, for the totals row's formulas. */
export interface BodyGrowth {
  top: number;
  oldBottom: number;
  newBottom: number;
}

/**
 * A template row `delta` rows lower: its number, its cells' references, the ranges of shared and
 * array formulas; and A1 ranges over the table's body (`SUBTOTAL(109,F4:F13)`) grow with the body.
 * Structured references (`[Column4]`) need nothing: Excel resolves them from the table part.
 */
export function shiftRow(row: TemplateRow, delta: number, body: BodyGrowth): string {
  const to = row.r + delta;
  let xml = row.hasR ? row.xml.replace(/^(<[^>]*?\sr\s*=\s*")[^"]*"/, `$1${to}"`) : row.xml.replace(/^(<[^\s>/]+)/, `$1 r="${to}"`);
  xml = xml.replace(/(<(?:[\w.-]+:)?c\b[^>]*?\sr\s*=\s*")(\$?[A-Za-z]+\$?)(\d+)"/g, (_m, pre: string, col: string, r: string) => `${pre}${col}${Number(r) + delta}"`);
  return xml.replace(/(<(?:[\w.-]+:)?f\b)([^>]*?)(\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?f>)/g, (m, open: string, attrs: string, rest: string, text?: string) => {
    const a = attrs.replace(/(\sref\s*=\s*")([^"]*)"/, (_r, pre: string, ref: string) => `${pre}${shiftRef(ref, row.r, delta)}"`);
    if (text === undefined) return `${open}${a}${rest}`;
    return `${open}${a}>${growRanges(text, body)}${rest.slice(rest.lastIndexOf('</'))}`;
  });
}

/** `F14` / `F14:G14` with the rows of `row` moved by delta. */
function shiftRef(ref: string, row: number, delta: number): string {
  return ref.replace(/([A-Za-z]+\$?)(\d+)/g, (m, col: string, r: string) => (Number(r) === row ? `${col}${row + delta}` : m));
}

function growRanges(formula: string, body: BodyGrowth): string {
  return formula.replace(/(\$?[A-Za-z]{1,3}\$?)(\d+):(\$?[A-Za-z]{1,3}\$?)(\d+)/g, (m, c1: string, r1: string, c2: string, r2: string) =>
    Number(r2) === body.oldBottom && Number(r1) >= body.top - 1 && Number(r1) <= body.oldBottom ? `${c1}${r1}:${c2}${body.newBottom}` : m,
  );
}
