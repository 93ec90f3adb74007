import type { CheckWarning, CheckWarningCode, HeaderChange, Item, Mapping } from '@app/contracts';
import type { ValidationRule } from './data-validation';
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
  /** Column → header text of the template's header row. */
  templateHeaders: ReadonlyMap<number, string>;
  headerChanges: readonly HeaderChange[];
}

/** A warning with only the fields that apply (no `item: undefined` in the JSON). */
export function warning(code: CheckWarningCode, message: string, item?: number, column?: number): CheckWarning {
  const w: CheckWarning = { code, message };
  if (item !== undefined) w.item = item;
  if (column !== undefined && column > 0) w.column = column;
  return w;
}
