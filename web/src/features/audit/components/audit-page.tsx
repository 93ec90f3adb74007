import { useCallback, useEffect, useState } from 'react';
import { AUDIT_ACTIONS, AUDIT_ACTION_NAMES, AUTH_UI, type AuditAction, type User } from '@app/contracts';
import { fetchUsers } from '../../users/api/users-api';
import { auditCsvUrl, fetchAudit, type AuditFilter } from '../api/audit-api';
import { useAuditPages } from '../hooks/use-audit-pages';
import { AuditTable } from './audit-table';

/** A local day of a date input as the instant it starts (`to` gets the day after: the whole day counts). */
const dayStart = (day: string, plusDays = 0): string | undefined => {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plusDays).toISOString();
};

/** `/audit` (admins): everyone's journal, filtered by user, action and dates, a page at a time, and as CSV. */
export function AuditPage() {
  const [users, setUsers] = useState<User[]>([]);
  const [userId, setUserId] = useState('');
  const [action, setAction] = useState<AuditAction | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  useEffect(() => {
    fetchUsers().then(setUsers, () => setUsers([]));
  }, []);

  const filter: AuditFilter = { userId: userId || undefined, action: action || undefined, from: dayStart(from), to: dayStart(to, 1) };
  const key = JSON.stringify(filter);
  const fetchPage = useCallback((cursor?: string) => fetchAudit(JSON.parse(key) as AuditFilter, cursor), [key]);
  const pages = useAuditPages(fetchPage, key);

  return (
    <div className="page">
      <header className="page-header">
        <div className="page-header__text">
          <h1 className="page-header__title">{AUTH_UI.journalTitle}</h1>
        </div>
        <div className="page-header__actions">
          <a className="btn" href={auditCsvUrl(filter)} download>
            {AUTH_UI.journalCsv}
          </a>
        </div>
      </header>
      <section className="panel audit-filters">
        <select className="select" aria-label={AUTH_UI.journalUser} value={userId} onChange={(e) => setUserId(e.target.value)}>
          <option value="">{AUTH_UI.journalAllUsers}</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.displayName} ({u.login})
            </option>
          ))}
        </select>
        <select className="select" aria-label={AUTH_UI.journalAction} value={action} onChange={(e) => setAction(e.target.value as AuditAction | '')}>
          <option value="">{AUTH_UI.journalAllActions}</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {AUDIT_ACTION_NAMES[a]}
            </option>
          ))}
        </select>
        <label className="audit-filters__date">
          {AUTH_UI.journalFrom}
          <input className="text-input" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="audit-filters__date">
          {AUTH_UI.journalTo}
          <input className="text-input" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
      </section>
      <section className="panel">
        <AuditTable pages={pages} showTask />
      </section>
    </div>
  );
}
