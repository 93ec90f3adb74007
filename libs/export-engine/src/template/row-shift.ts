import type { TemplateRow } from './template-sheet';
import { editFormulas, followTotals, type MovedTotals } from './totals-references';

/**
 * A template row of the moved totals rows, `delta` rows lower: its number, its cells' references,
 * the ranges of shared and array formulas; in its formulas, references to the totals rows follow
 * them and A1 ranges over the table's body (`SUBTOTAL(109,F4:F13)`) grow with it (followTotals).
 * Structured references (`[Column4]`) need nothing: Excel resolves them from the table part.
 */
export function shiftRow(row: TemplateRow, moved: MovedTotals): string {
  const delta = moved.delta;
  const to = row.r + delta;
  let xml = row.hasR ? row.xml.replace(/^(<[^>]*?\sr\s*=\s*")[^"]*"/, `$1${to}"`) : row.xml.replace(/^(<[^\s>/]+)/, `$1 r="${to}"`);
  xml = xml.replace(/(<(?:[\w.-]+:)?c\b[^>]*?\sr\s*=\s*")(\$?[A-Za-z]+\$?)(\d+)"/g, (_m, pre: string, col: string, r: string) => `${pre}${col}${Number(r) + delta}"`);
  return xml.replace(/(<(?:[\w.-]+:)?f\b)([^>]*?)(\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?f>)/g, (m, open: string, attrs: string, rest: string, text?: string) => {
    const a = attrs.replace(/(\sref\s*=\s*")([^"]*)"/, (_r, pre: string, ref: string) => `${pre}${shiftRef(ref, row.r, delta)}"`);
    if (text === undefined) return `${open}${a}${rest}`;
    return `${open}${a}>${followTotalsInXml(text, moved)}${rest.slice(rest.lastIndexOf('</'))}`;
  });
}

/** `F14` / `F14:G14` with the rows of `row` moved by delta. */
function shiftRef(ref: string, row: number, delta: number): string {
  return ref.replace(/([A-Za-z]+\$?)(\d+)/g, (m, col: string, r: string) => (Number(r) === row ? `${col}${row + delta}` : m));
}

/** A formula's XML text with followTotals applied (it decodes only what it must: `&amp;`, `&lt;`…). */
function followTotalsInXml(text: string, moved: MovedTotals): string {
  return editFormulas(`<f>${text}</f>`, (f) => followTotals(f, moved, true)).slice(3, -4);
}
