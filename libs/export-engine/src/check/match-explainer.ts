import type { MatchVia } from '@app/contracts';
import { KEY_STEPS, normalizeKeyWithout, type KeyStep } from '../price/key-normalizer';

/**
 * How an item's code came to match a price cell (DESIGN §11 «via»): ['exact'] when the texts are
 * the same, else each normalisation step (DESIGN §5.2) the match could not do without — found by
 * leaving the steps out one at a time, so a code typed ` мА-1 ` against `MA-1` reads
 * ['case', 'spaces', 'look-alike']. [] when the two do not match at all.
 */
export function explainMatch(itemCode: string, priceCellText: string): MatchVia[] {
  if (itemCode === priceCellText) return ['exact'];
  if (normalizeKeyWithout(itemCode) !== normalizeKeyWithout(priceCellText)) return [];
  const needed = KEY_STEPS.filter((step) => normalizeKeyWithout(itemCode, step) !== normalizeKeyWithout(priceCellText, step));
  // Two steps that could each stand in for the other are both named: neither is needed alone.
  return needed.length > 0 ? needed : KEY_STEPS.filter((step) => changes(itemCode, step) || changes(priceCellText, step));
}

/** Whether the step alone changes the text (all steps against all but this one). */
function changes(text: string, step: KeyStep): boolean {
  return normalizeKeyWithout(text, step) !== normalizeKeyWithout(text);
}
