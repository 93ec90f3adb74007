import { ERR, exportWarningCount, type Batch, type BatchRow, type BatchSummary } from '@app/contracts';
import type { BatchHead, BatchRowView } from '@app/persistence';

/** A batch as the API answers it and its notice tells it (DESIGN §12, §17): read from PostgreSQL rows. */

/** A batch is done once every row has ended, whatever its parent job did. */
export function toBatchSummary(head: BatchHead): BatchSummary {
  return {
    id: head.id,
    action: head.action,
    status: head.finished < head.total ? 'running' : 'done',
    createdAt: head.createdAt.toISOString(),
    createdBy: head.createdBy,
    total: head.total,
    finished: head.finished,
    failed: head.failed,
    deliver: head.deliver,
  };
}

export function toBatch(head: BatchHead, rows: BatchRowView[]): Batch {
  return { ...toBatchSummary(head), tasks: rows.map(toBatchRow) };
}

/**
 * A generate row tells its export's outcome (its report and changes since the export before it);
 * a check row what its check stored. A row whose export went with its task says so.
 */
export function toBatchRow(row: BatchRowView): BatchRow {
  const out: BatchRow = { taskId: row.taskId, name: row.name, status: row.status };
  if (row.exportGone) return { ...out, taskId: null, status: 'failed', error: ERR.taskNotFound };
  if (row.exportId) out.exportId = row.exportId;
  if (row.report && row.status === 'done') {
    const { report } = row;
    Object.assign(out, { rows: report.rows, matched: report.matchedByMa + report.matchedByGm, unmatched: report.unmatched.length, warnings: exportWarningCount(report) });
    if (row.changes) out.changes = { ...row.changes.counts };
  } else if (row.result) {
    const { changes, ...counts } = row.result;
    Object.assign(out, counts);
    if (changes) out.changes = { ...changes };
  }
  if (row.status === 'failed') out.error = row.error ?? ERR.generateFailed;
  if (row.delivery) out.delivery = row.delivery;
  return out;
}
