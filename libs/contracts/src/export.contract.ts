/** Export history (DESIGN §3) and the engine's report (DESIGN §5.7). */
import type { CheckWarningCode, ExportChanges } from './check.contract';
import type { HeaderChange } from './header-guard';
import type { MadeBy } from './auth.contract';

export type ExportStatus = 'queued' | 'running' | 'done' | 'failed';

export interface UnmatchedItem {
  /** 0-based index of the item in the task's item list. */
  index: number;
  ma: string;
  gm: string;
}

export interface ExportReport {
  rows: number;
  matchedByMa: number;
  matchedByGm: number;
  unmatched: UnmatchedItem[];
  duplicateKeys: number;
  /** Price-list columns (1 = A) used as keys; 0 when none could be found. */
  keyColumns: { ma: number; gm: number };
  /** What the engine could not do as the template asked; absent when there is nothing to say. */
  warnings?: ExportWarning[];
  /** How many of each check warning (DESIGN §11) the file has, as `Проверить` lists them; absent when none. */
  checkWarnings?: Partial<Record<CheckWarningCode, number>>;
}

/** A template layout the engine wrote around rather than into (Russian text: REPORT_WARNING). */
export type ExportWarning =
  /** A table with a totals row that could not be moved safely: the rows went below it, the table is as it was. */
  | { kind: 'tableNotExtended'; table: string }
  /** Merged cells over rows that had to be written anyway (no room below them). */
  | { kind: 'mergeOverData'; ref: string }
  /** DESIGN §10 guard: a remembered column's header changed in the template or the price list. */
  | ({ kind: 'headerChanged' } & HeaderChange);

export interface ExportRecord {
  id: string;
  taskId: string;
  status: ExportStatus;
  createdAt: string;
  finishedAt: string | null;
  size: number | null;
  report: ExportReport | null;
  error: string | null;
  /** Against the task's export before it (DESIGN §11); null for the first one. */
  changes: ExportChanges | null;
  /** Who asked for it (DESIGN §13); null for exports made before sign-in existed. */
  createdBy: MadeBy;
  /** The library price-list version the export read (DESIGN §12); null: the task's own file. */
  priceVersion: { id: string; uploadedAt: string } | null;
  /** The batch that made it, if any. */
  batchId: string | null;
}

/** Response headers of `POST /api/tasks/{id}/generate`. */
export const EXPORT_HEADERS = {
  id: 'X-Export-Id',
  rows: 'X-Export-Rows',
  matched: 'X-Export-Matched',
  unmatched: 'X-Export-Unmatched',
  /** exportWarningCount of the report: what the toast of `Сформировать` tells. */
  warnings: 'X-Export-Warnings',
} as const;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A price list uploaded as CSV is served back as such; its encoding (UTF-8 or cp1251) is the supplier's. */
export const CSV_MIME = 'text/csv';
export const EXPORT_FILE_NAME = 'export.xlsx';
