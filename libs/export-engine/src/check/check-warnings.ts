import type { CheckWarning, CheckWarningCode, HeaderChange } from '@app/contracts';
import { CHECK_WARNINGS_PER_CODE, headerChangeText, warningText } from '@app/contracts';
import { gtinWarnings, validationWarnings } from './cell-warnings';
import { warning, WarningList, type CheckFacts } from './check-facts';
import { duplicateWarnings, qtyWarnings } from './item-warnings';
import { ambiguousWarnings, damagedWarnings, emptyPriceWarnings, formulaWarnings, valueCutWarnings } from './price-warnings';

/**
 * DESIGN §11: the warnings of the task, the file's own (damaged codes no item found, formulas
 * without values, header changes, what is written around in the template) first, then item by
 * item — at most `perCode` of each code, the first ones; how many of each code there are, all
 * counted; and every item that has any, listed or not. A generate,
 * which only counts, passes 0 and no message is made.
 */
export function checkWarnings(
  facts: CheckFacts,
  perCode = CHECK_WARNINGS_PER_CODE,
): { warnings: CheckWarning[]; warningCounts: Partial<Record<CheckWarningCode, number>>; warnedItems: number[] } {
  const list = new WarningList(perCode);
  qtyWarnings(facts, list);
  duplicateWarnings(facts, list);
  ambiguousWarnings(facts, list);
  emptyPriceWarnings(facts, list);
  valueCutWarnings(facts, list);
  validationWarnings(facts, list);
  gtinWarnings(facts, list);
  damagedWarnings(facts, list);
  formulaWarnings(facts, list);
  for (const change of facts.headerChanges) if (list.take('header-changed')) list.push(headerWarning(change));
  for (const w of facts.layoutWarnings) if (list.take('template-layout')) list.push(warning('template-layout', warningText(w)));
  const { warnings } = list;
  // Stable: within an item, the codes keep the contract's order.
  warnings.sort((a, b) => (a.item ?? -1) - (b.item ?? -1));
  return { warnings, warningCounts: list.counts, warnedItems: [...list.items].sort((a, b) => a - b) };
}

function headerWarning(change: HeaderChange): CheckWarning {
  const w = warning('header-changed', headerChangeText(change), undefined, change.column);
  w.file = change.file;
  if (change.movedTo !== undefined) w.movedTo = change.movedTo;
  return w;
}
