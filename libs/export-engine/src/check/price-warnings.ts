import { CHECK_WARNING, columnLetter } from '@app/contracts';
import { warning, type CheckFacts, type WarningList } from './check-facts';
import { hasExponent, looksLikeExponent, lostLeadingZeros } from '../price/damaged-code';
import type { PriceValue } from '../package/cell-value';

/** `value-cut`: a price-list text longer than a cell may hold, written cut (DESIGN §15), named by the template column it went to. */
export function valueCutWarnings({ rows }: CheckFacts, out: WarningList): void {
  rows.forEach((row, i) => {
    for (const [col, v] of row) {
      if (v.type !== 'price' || v.value.type !== 'string' || v.value.cut === undefined) continue;
      if (out.take('value-cut', i)) out.push(warning('value-cut', CHECK_WARNING.valueCut(columnLetter(col), v.value.cut), i, col));
    }
  });
}

/**
 * `ambiguous-price`: the item's code is in several rows of the key column and they disagree in a
 * mapped column, so which price the chain gets depends on the row order. The column named is the
 * template column of the first price column that differs.
 */
export function ambiguousWarnings({ items, mapping, matched }: CheckFacts, out: WarningList): void {
  matched.check.items.forEach((detail, i) => {
    if (!detail || detail.repeats.length === 0) return;
    const first = matched.matches[i].values;
    const differs = Object.keys(mapping.priceToTemplate)
      .map(Number)
      .find((col) => detail.repeats.some((r) => !sameValue(first.get(col), r.values.get(col))));
    if (differs === undefined || !out.take('ambiguous-price', i)) return;
    const rows = [detail.row, ...detail.repeats.map((r) => r.row)].join(', ');
    out.push(warning('ambiguous-price', CHECK_WARNING.ambiguousPrice(codeOf(items[i], matched.matches[i].by), rows), i, mapping.priceToTemplate[String(differs)]));
  });
}

/** `empty-price`: a found item gets nothing in a mapped column (and no typed value stands in). */
export function emptyPriceWarnings({ mapping, rows, matched }: CheckFacts, out: WarningList): void {
  const pairs = Object.entries(mapping.priceToTemplate).filter(([, t]) => t > 0);
  matched.matches.forEach((m, i) => {
    if (m.by === null) return;
    for (const [priceCol, templateCol] of pairs) {
      const v = m.values.get(Number(priceCol));
      const empty = v === undefined || (v.type === 'string' && v.value.trim() === '');
      const typed = rows[i].get(templateCol)?.type;
      if (empty && (typed === undefined || typed === 'price') && out.take('empty-price', i)) {
        out.push(warning('empty-price', CHECK_WARNING.emptyPrice(columnLetter(Number(priceCol))), i, templateCol));
      }
    }
  });
}

/**
 * `damaged-code`: a code of the key columns that Excel turned into `4.6E+12` (digits lost), or a
 * number cell that matched an item's code only without the leading zeros the item has. The first
 * are reported for every such cell, matched or not; the column is the price list's. The cells
 * no item found come first, as the list shows them.
 */
export function damagedWarnings({ items, matched }: CheckFacts, out: WarningList): void {
  for (const d of matched.check.damaged) {
    if (out.take('damaged-code')) out.push(warning('damaged-code', CHECK_WARNING.damagedCode(d.text.trim()), undefined, d.col));
  }
  matched.check.items.forEach((detail, i) => {
    if (!detail) return;
    const { kind, raw } = detail.key;
    const code = codeOf(items[i], matched.matches[i].by);
    const damaged = kind === 'number' ? hasExponent(raw, -1, -1) || lostLeadingZeros(code) : looksLikeExponent(raw);
    if (damaged && out.take('damaged-code', i)) out.push(warning('damaged-code', CHECK_WARNING.damagedCode(raw), i, detail.keyColumn));
  });
}

/** `formula-no-value`: a column the export reads whose formulas the file's writer never calculated. */
export function formulaWarnings({ matched }: CheckFacts, out: WarningList): void {
  for (const col of matched.check.formulaColumns) {
    if (out.take('formula-no-value')) out.push(warning('formula-no-value', CHECK_WARNING.formulaNoValue(columnLetter(col)), undefined, col));
  }
}

/** The code the item was found by, as typed. */
function codeOf(item: { ma: string; gm: string }, by: 'ma' | 'gm' | null): string {
  return (by === 'gm' ? item.gm : item.ma).trim();
}

function sameValue(a: PriceValue | undefined, b: PriceValue | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.type === b.type && a.value === b.value);
}
