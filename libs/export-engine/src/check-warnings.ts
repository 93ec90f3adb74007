import type { CheckWarning, CheckWarningCode, HeaderChange } from '@app/contracts';
import { headerChangeText } from '@app/contracts';
import { gtinWarnings, validationWarnings } from './cell-warnings';
import { warning, type CheckFacts } from './check-facts';
import { duplicateWarnings, qtyWarnings } from './item-warnings';
import { ambiguousWarnings, damagedWarnings, emptyPriceWarnings } from './price-warnings';

/**
 * DESIGN §11: every warning of the task, the file's own (header changes, damaged codes no item
 * found) first, then item by item; and how many of each code.
 */
export function checkWarnings(facts: CheckFacts): { warnings: CheckWarning[]; warningCounts: Partial<Record<CheckWarningCode, number>> } {
  const warnings = [
    ...qtyWarnings(facts),
    ...duplicateWarnings(facts),
    ...ambiguousWarnings(facts),
    ...emptyPriceWarnings(facts),
    ...validationWarnings(facts),
    ...gtinWarnings(facts),
    ...damagedWarnings(facts),
    ...facts.headerChanges.map(headerWarning),
  ];
  // Stable: within an item, the codes keep the contract's order.
  warnings.sort((a, b) => (a.item ?? -1) - (b.item ?? -1));
  const warningCounts: Partial<Record<CheckWarningCode, number>> = {};
  for (const w of warnings) warningCounts[w.code] = (warningCounts[w.code] ?? 0) + 1;
  return { warnings, warningCounts };
}

function headerWarning(change: HeaderChange): CheckWarning {
  const w = warning('header-changed', headerChangeText(change), undefined, change.column);
  w.file = change.file;
  if (change.movedTo !== undefined) w.movedTo = change.movedTo;
  return w;
}
