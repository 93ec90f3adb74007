import type { CheckWarning, CheckWarningCode, ExportWarning, HeaderChange, Item, Mapping } from '@app/contracts';
import type { ValidationRule } from './data-validation';
import type { PriceCheck } from '../price/price-check';
import type { PriceMatches } from '../price/price-reader';
import type { OutRow } from '../template/template-writer';

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
  /** What the export writes around in the template (planLayout's warnings): `template-layout`. */
  layoutWarnings: readonly ExportWarning[];
}

/**
 * The check's warnings as they are found: every one counted, at most `perCode` of each code kept
 * (the first ones found: each kind is found item by item, the file's own first). A caller asks
 * `take` before it builds a warning, so a generate, which keeps none, builds no messages.
 */
export class WarningList {
  readonly warnings: CheckWarning[] = [];
  readonly counts: Partial<Record<CheckWarningCode, number>> = {};
  /** Every item with at least one warning, listed or only counted (the items table's filter). */
  readonly items = new Set<number>();

  constructor(private readonly perCode: number) {}

  /** Counts one warning of `code` (about `item`, when it is about one); true when it is to be kept (then `push` it). */
  take(code: CheckWarningCode, item?: number): boolean {
    const n = (this.counts[code] ?? 0) + 1;
    this.counts[code] = n;
    if (item !== undefined) this.items.add(item);
    return n <= this.perCode;
  }

  push(w: CheckWarning): void {
    this.warnings.push(w);
  }
}

/** A warning with only the fields that apply (no `item: undefined` in the JSON). */
export function warning(code: CheckWarningCode, message: string, item?: number, column?: number): CheckWarning {
  const w: CheckWarning = { code, message };
  if (item !== undefined) w.item = item;
  if (column !== undefined && column > 0) w.column = column;
  return w;
}
