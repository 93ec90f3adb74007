import { Link } from 'react-router-dom';
import { AUDIT_ACTION_NAMES, AUTH_UI, UI, type AuditEvent } from '@app/contracts';
import { formatDateTime } from '../../../lib/format';
import { taskPath } from '../../../lib/navigation';
import type { AuditPages } from '../hooks/use-audit-pages';
import { auditDetails } from '../lib/audit-text';

/** A task that still exists links to its page; a deleted one is named as the event recorded it. */
function TaskCell({ event }: { event: AuditEvent }) {
  if (event.taskName !== null) return <Link to={taskPath(event.taskId!)}>{event.taskName}</Link>;
  return <span className="note">{typeof event.details.name === 'string' ? event.details.name : event.taskId!.slice(0, 8)}</span>;
}

/** The events of a journal, newest first, with `Показать ещё` while there are more. */
export function AuditTable({ pages, showTask }: { pages: AuditPages; showTask: boolean }) {
  const { events, hasMore, loading, more } = pages;
  if (events === null) return <p className="note">{UI.loading}</p>;
  if (events.length === 0) return <p className="note">{AUTH_UI.journalEmpty}</p>;
  return (
    <>
      <div className="table-wrap">
        <table className="data-table audit-table" aria-label={AUTH_UI.journalTitle}>
          <thead>
            <tr>
              <th>{AUTH_UI.journalAt}</th>
              <th>{AUTH_UI.journalUser}</th>
              <th>{AUTH_UI.journalAction}</th>
              {showTask ? <th>{AUTH_UI.journalTask}</th> : null}
              <th>{AUTH_UI.journalDetails}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e: AuditEvent) => (
              <tr key={e.id} data-action={e.action}>
                <td className="audit-table__at">{formatDateTime(e.at)}</td>
                <td title={e.user?.login}>{e.user?.displayName ?? AUTH_UI.systemUser}</td>
                <td>{AUDIT_ACTION_NAMES[e.action] ?? e.action}</td>
                {showTask ? <td>{e.taskId ? <TaskCell event={e} /> : null}</td> : null}
                <td className="audit-table__details">{auditDetails(e)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hasMore ? (
        <button type="button" className="btn btn--ghost" onClick={more} disabled={loading}>
          {loading ? UI.loading : AUTH_UI.journalMore}
        </button>
      ) : null}
    </>
  );
}
