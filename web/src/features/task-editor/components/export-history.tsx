import type { ReactNode } from 'react';
import { AUTH_UI, PRICE_LIST_UI, TOAST, UI, warningText } from '@app/contracts';
import type { ExportRecord } from '@app/contracts';
import { formatDate, formatDateTime, formatSize } from '../../../lib/format';
import { ExportChangesSummary } from '../../check-preview/components/changes-list';
import { exportFileUrl } from '../api/task-editor-api';

const MAX_SHOWN = 10;

function summary(e: ExportRecord): string {
  if (e.status === 'failed') return e.error ?? '';
  const r = e.report;
  if (!r) return '';
  return TOAST.generatedSummary(r.matchedByMa + r.matchedByGm, r.rows);
}

/** The task's latest exports, newest first, each downloadable again; `action`: what else a row offers (`Отправить`). */
export function ExportHistory({ taskId, exports, action }: { taskId: string; exports: ExportRecord[] | null; action?: (e: ExportRecord) => ReactNode }) {
  return (
    <section className="panel">
      <h2 className="panel__title">{UI.exportsSection}</h2>
      {exports === null ? <p className="note">{UI.loading}</p> : null}
      {exports?.length === 0 ? <p className="note">{UI.noExports}</p> : null}
      {exports && exports.length > 0 ? (
        <ul className="export-list">
          {exports.slice(0, MAX_SHOWN).map((e) => (
            <li key={e.id} className="export-list__item">
              <span className="export-list__date">{formatDateTime(e.createdAt)}</span>
              <span className={`status status--${e.status}`}>{UI.exportStatus[e.status] ?? e.status}</span>
              <span className="export-list__summary">
                {summary(e)}
                {e.priceVersion ? <span className="export-list__by">{PRICE_LIST_UI.versionOf(formatDate(e.priceVersion.uploadedAt))}</span> : null}
                {e.createdBy ? <span className="export-list__by">{AUTH_UI.exportedBy(e.createdBy.displayName)}</span> : null}
                {e.report?.warnings?.map((w) => (
                  <span key={warningText(w)} className="export-list__warning" title={warningText(w)}>
                    {warningText(w)}
                  </span>
                ))}
                <ExportChangesSummary changes={e.changes} />
              </span>
              <span className="export-list__actions">
                {e.status === 'done' ? (
                  <a className="export-list__link" href={exportFileUrl(taskId, e.id)} download>
                    {UI.download}
                    {e.size ? ` (${formatSize(e.size)})` : ''}
                  </a>
                ) : null}
                {action?.(e)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
