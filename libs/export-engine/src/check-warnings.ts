import type { CheckWarning, CheckWarningCode, HeaderChange, Item, Mapping } from '@app/contracts';
import { headerChangeText } from '@app/contracts';
import { validationWarnings, gtinWarnings } from './cell-warnings';
import type { ValidationRule } from './data-validation';
import { duplicateWarnings, qtyWarnings } from './item-warnings';
import { ambiguousWarnings, damagedWarnings, emptyPriceWarnings } from './price-warnings';
import type { PriceCheck } from './price-check';
import type { PriceMatches } from './price-reader';
import type { OutRow } from './template-writer';

/** Everything the check's warnings are judged on: the rows as they will be written and where. */
export interface CheckFacts {
  items: readonly Item[];
  mapping: Mapping;
  rows: readonly OutRow[];
  matched: PriceMatches & { check: PriceCheck };
  /** The sheet row the first item goes to (the rest follow in order). */
  firstRow: number;
  validations: readonly ValidationRule[];
  /** Column → header text of the template's and the price list's header rows. */
  templateHeaders: ReadonlyMap<number, string>;
  priceHeaders: ReadonlyMap<number, string>;
  headerChanges: readonly HeaderChange[];
}

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

/** A warning with only the fields that apply (no `item: undefined` in the JSON). */
export function warning(code: CheckWarningCode, message: string, item?: number, column?: number): CheckWarning {
  const w: CheckWarning = { code, message };
  if (item !== undefined) w.item = item;
  if (column !== undefined && column > 0) w.column = column;
  return w;
}

function headerWarning(change: HeaderChange): CheckWarning {
  const w = warning('header-changed', headerChangeText(change), undefined, change.column);
  w.file = change.file;
  if (change.movedTo !== undefined) w.movedTo = change.movedTo;
  return w;
}
