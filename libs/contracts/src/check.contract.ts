/** `POST /api/tasks/{id}/check` (DESIGN §11): the export as it would be written, and what is wrong with it. */
import type { FileColumn } from './columns.contract';

/** How a code was found besides exactly: each transformation it needed (DESIGN §5.2). */
export type MatchVia = 'exact' | 'leading-zeros' | 'case' | 'spaces' | 'look-alike';

/** A written cell's value as the preview shows it: the number, date text or text written. */
export type CheckCellValue = string | number | boolean;

export interface CheckRow {
  /** 0-based index of the item in the task's item list. */
  item: number;
  status: 'found' | 'missing';
  by: 'ma' | 'gm' | null;
  /** ['exact'] for an exact match; the transformations needed otherwise; [] when missing. */
  via: MatchVia[];
  /** The price list's row number (1-based, as the sheet numbers it; CSV: the line); null when missing. */
  priceRow: number | null;
  /** Template column (1 = A) → the value written there. */
  cells: Record<string, CheckCellValue>;
}

export const CHECK_WARNING_CODES = [
  'qty-not-multiple',
  'duplicate-item',
  'ambiguous-price',
  'empty-price',
  /** A price-list text longer than Excel's cell limit (LIMITS.cellTextMax): written cut to it (DESIGN §15). */
  'value-cut',
  'validation',
  'bad-gtin',
  'damaged-code',
  /** A price column whose formulas have no computed value (the file's writer did not calculate them). */
  'formula-no-value',
  'header-changed',
  /** What the engine must write around in the template (a totals-row table, merged cells): REPORT_WARNING's texts. */
  'template-layout',
] as const;
export type CheckWarningCode = (typeof CHECK_WARNING_CODES)[number];

export interface CheckWarning {
  code: CheckWarningCode;
  /** 0-based item index, when the warning is about one item. */
  item?: number;
  /** Template column (1 = A) for cell warnings; the file's column for header-changed, damaged-code and formula-no-value. */
  column?: number;
  message: string;
  /** header-changed only: the file it is about and where the remembered header now is (`Исправить`). */
  file?: 'price' | 'template';
  movedTo?: number;
}

export interface CheckChange {
  item: number;
  /** Template column (1 = A). */
  column: number;
  from: CheckCellValue | null;
  to: CheckCellValue | null;
}

/** The newest export against the one before it (or the check against the newest export). */
export interface ExportChanges {
  /** When the export compared against was made (ISO). */
  since: string;
  /** Item indexes (in the newer list) not in the older one. */
  added: number[];
  /** Codes (MA, else GM, as typed) of the older list's items that the newer one does not have. */
  removed: string[];
  changed: CheckChange[];
  /** Item indexes found in the older export and not found now. */
  lost: number[];
  /**
   * How many of each there are: the lists above hold at most CHANGES_LIST_MAX each (a new price
   * list for 10,000 items would otherwise store and send every changed cell).
   */
  counts: { added: number; removed: number; changed: number; lost: number };
}

export const CHANGES_LIST_MAX = 200;
/** `warnings` holds at most this many of each code; `warningCounts` counts them all. */
export const CHECK_WARNINGS_PER_CODE = 200;

export interface CheckResponse {
  /** The template columns that will be written, with their header names. */
  columns: Pick<FileColumn, 'index' | 'letter' | 'header'>[];
  /** The first CHECK_ROWS_MAX rows. */
  rows: CheckRow[];
  rowsTotal: number;
  warnings: CheckWarning[];
  warningCounts: Partial<Record<CheckWarningCode, number>>;
  /**
   * Every item not found in the price list and every item with a warning (0-based, ascending),
   * beyond the rows and warnings listed: the items table marks and filters them (at most 10,000
   * items, so at most ~60 KB of JSON each).
   */
  missingItems: number[];
  warnedItems: number[];
  changes: ExportChanges | null;
}

export const CHECK_ROWS_MAX = 500;

/**
 * What a finished export wrote, compactly, for «changes since the last export»: item key (the
 * normalised MA, else GM; an item without codes has none) → the item's index and code as typed,
 * whether it was found, and template column → value written from the mapped price columns.
 */
export type ExportDigest = Record<string, DigestEntry>;

export interface DigestEntry {
  /** 0-based index in the item list the export was made from. */
  item: number;
  /** The code as typed (MA, else GM), for the list of removed items. */
  code: string;
  found: boolean;
  values: Record<string, CheckCellValue>;
}
