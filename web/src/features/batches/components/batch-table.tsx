import { Link } from 'react-router-dom';
import { BATCH_UI, UI } from '@app/contracts';
import type { Batch, BatchRow } from '@app/contracts';
import { taskPath } from '../../../lib/navigation';
import { exportFileUrl } from '../../task-editor/api/task-editor-api';
import { BatchDeliveryCell } from '../../delivery/components/batch-delivery';
import { DELIVERY_UI } from '@app/contracts';

const COLUMNS = BATCH_UI.columns;

const count = (n: number | undefined) => (n === undefined ? '' : String(n));

function TaskCell({ row }: { row: BatchRow }) {
  return row.taskId ? <Link to={taskPath(row.taskId)}>{row.name}</Link> : <span>{row.name}</span>;
}

/** One row per task, filled in as each finishes: its numbers, changes, error and file. */
export function BatchTable({ batch }: { batch: Batch }) {
  return (
    <div className="table-wrap batch-table">
      <table className="data-table" aria-label={BATCH_UI.title[batch.action]}>
        <thead>
          <tr>
            <th>{COLUMNS.task}</th>
            <th>{COLUMNS.status}</th>
            <th className="data-table__num">{COLUMNS.rows}</th>
            <th className="data-table__num">{COLUMNS.found}</th>
            <th className="data-table__num">{COLUMNS.notFound}</th>
            <th className="data-table__num">{COLUMNS.warnings}</th>
            <th>{COLUMNS.changes}</th>
            <th>{COLUMNS.error}</th>
            <th>{COLUMNS.file}</th>
            {batch.action === 'generate' ? <th>{DELIVERY_UI.batchColumn}</th> : null}
          </tr>
        </thead>
        <tbody>
          {batch.tasks.map((row, i) => (
            <tr key={row.taskId ?? `gone-${i}`} data-task-id={row.taskId ?? ''} data-status={row.status}>
              <td>
                <TaskCell row={row} />
              </td>
              <td>
                <span className={`status status--${row.status}`}>{BATCH_UI.status[row.status]}</span>
              </td>
              <td className="data-table__num">{count(row.rows)}</td>
              <td className="data-table__num">{count(row.matched)}</td>
              <td className="data-table__num">{count(row.unmatched)}</td>
              <td className="data-table__num">{count(row.warnings)}</td>
              <td>{row.changes ? BATCH_UI.changes(row.changes) : ''}</td>
              <td className="batch-table__error">{row.error ?? ''}</td>
              <td>
                {row.taskId && row.exportId && row.status === 'done' ? (
                  <a href={exportFileUrl(row.taskId, row.exportId)} download>
                    {UI.download}
                  </a>
                ) : null}
              </td>
              {batch.action === 'generate' ? (
                <td>
                  <BatchDeliveryCell row={row} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
