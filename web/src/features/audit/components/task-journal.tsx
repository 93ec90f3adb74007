import { useCallback } from 'react';
import { AUTH_UI } from '@app/contracts';
import { fetchTaskAudit } from '../api/audit-api';
import { useAuditPages } from '../hooks/use-audit-pages';
import { AuditTable } from './audit-table';

/**
 * The task page's `Журнал`: who did what to this task. `changeKey` changes with what the page
 * saw change (a save, an upload, an export), and the journal is read again.
 */
export function TaskJournal({ taskId, changeKey }: { taskId: string; changeKey: string }) {
  const fetchPage = useCallback((cursor?: string) => fetchTaskAudit(taskId, cursor), [taskId]);
  const pages = useAuditPages(fetchPage, `${taskId}:${changeKey}`);
  return (
    <section className="panel" aria-labelledby="task-journal-title">
      <h2 className="panel__title" id="task-journal-title">
        {AUTH_UI.journalTitle}
      </h2>
      <AuditTable pages={pages} showTask={false} />
    </section>
  );
}
