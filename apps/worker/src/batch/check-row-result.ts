import type { CheckResponse, ExportChanges } from '@app/contracts';
import type { BatchRowResult } from '@app/persistence';

/** What a batch row keeps of a check: the counts the batch page and Итоги.xlsx show. */
export function checkRowResult(check: Omit<CheckResponse, 'changes'>, changes: ExportChanges | null): BatchRowResult {
  const unmatched = check.missingItems.length;
  const warnings = Object.values(check.warningCounts).reduce<number>((sum, n) => sum + (n ?? 0), 0);
  const result: BatchRowResult = { rows: check.rowsTotal, matched: check.rowsTotal - unmatched, unmatched, warnings };
  if (changes) result.changes = { ...changes.counts };
  return result;
}
