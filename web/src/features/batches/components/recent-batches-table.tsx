import { Link } from 'react-router-dom';
import { BATCH_UI } from '@app/contracts';
import type { BatchSummary } from '@app/contracts';
import { formatDateTime } from '../../../lib/format';
import { batchPath } from '../../../lib/navigation';

const COLUMNS = BATCH_UI.columns;

/** One row per batch: when and by whom it started, what it does (a link to its page) and how far it got. */
export function RecentBatchesTable({ batches }: { batches: BatchSummary[] }) {
  return (
    <div className="table-wrap batch-table">
      <table className="data-table" aria-label={BATCH_UI.recent}>
        <thead>
          <tr>
            <th>{COLUMNS.started}</th>
            <th>{COLUMNS.batch}</th>
            <th>{COLUMNS.who}</th>
            <th>{COLUMNS.status}</th>
            <th>{COLUMNS.progress}</th>
          </tr>
        </thead>
        <tbody>
          {batches.map((batch) => (
            <tr key={batch.id} data-batch-id={batch.id} data-status={batch.status}>
              <td>{formatDateTime(batch.createdAt)}</td>
              <td>
                <Link to={batchPath(batch.id)}>{BATCH_UI.title[batch.action]}</Link>
              </td>
              <td>{batch.createdBy?.displayName ?? ''}</td>
              <td>
                <span className={`status status--${batch.status}`}>{BATCH_UI.status[batch.status]}</span>
              </td>
              <td className="recent-batches__progress">
                <span data-testid="recent-batch-progress">{BATCH_UI.progress(batch.finished, batch.total)}</span>
                {batch.failed > 0 ? <span className="batch-progress__failed">{BATCH_UI.failedCount(batch.failed)}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
