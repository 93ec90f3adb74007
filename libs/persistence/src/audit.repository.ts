import type { DataSource } from 'typeorm';
import { recordAudit, type Actor } from './audit-writer';
import type { AuditAction, AuditEvent } from '@app/contracts';

export interface AuditFilter {
  userId?: string;
  taskId?: string;
  action?: AuditAction;
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  to?: Date;
  /** The id of the last event of the previous page. */
  cursor?: string;
}

interface EventRow {
  id: string;
  at: Date;
  action: AuditAction;
  task_id: string | null;
  task_name: string | null;
  details: Record<string, unknown>;
  user_id: string | null;
  login: string | null;
  display_name: string | null;
}

const toEvent = (row: EventRow): AuditEvent => ({
  id: row.id,
  at: row.at.toISOString(),
  user: row.user_id ? { id: row.user_id, login: row.login ?? '', displayName: row.display_name ?? '' } : null,
  action: row.action,
  taskId: row.task_id,
  taskName: row.task_name,
  details: row.details,
});

/**
 * Reads the audit log, newest first (by id: the order events were written in), a page at a time
 * with the last id as the cursor, so paging stays cheap however long the log is. Events are only
 * ever added (recordAudit) and removed by the retention sweep.
 */
export class AuditRepository {
  constructor(private readonly db: DataSource) {}

  /** An event that goes with no change of its own (a check): written on its own. */
  record(actor: Actor | null, action: AuditAction, details: Record<string, unknown>, taskId: string | null = null): Promise<void> {
    return recordAudit(this.db.manager, actor, action, details, taskId);
  }

  async page(filter: AuditFilter, size: number): Promise<{ events: AuditEvent[]; next: string | null }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filter.userId) add('e.user_id = ?', filter.userId);
    if (filter.taskId) add('e.task_id = ?', filter.taskId);
    if (filter.action) add('e.action = ?', filter.action);
    if (filter.from) add('e.at >= ?', filter.from);
    if (filter.to) add('e.at < ?', filter.to);
    if (filter.cursor) add('e.id < ?', filter.cursor);
    params.push(size + 1);
    const rows = await this.db.query<EventRow[]>(
      `SELECT e.id::text AS id, e.at, e.action, e.task_id, t.name AS task_name, e.details, e.user_id, u.login, u.display_name
         FROM audit_events e LEFT JOIN users u ON u.id = e.user_id LEFT JOIN tasks t ON t.id = e.task_id
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY e.id DESC LIMIT $${params.length}`,
      params,
    );
    const events = rows.slice(0, size).map(toEvent);
    return { events, next: rows.length > size ? events[events.length - 1].id : null };
  }

  /** Removes events older than `cutoff`, a batch at a time (the worker's housekeeping). */
  async purge(cutoff: Date, batch = 5_000): Promise<number> {
    let removed = 0;
    for (;;) {
      const [, affected] = (await this.db.query(
        `DELETE FROM audit_events WHERE id IN (SELECT id FROM audit_events WHERE at < $1 ORDER BY id LIMIT $2)`,
        [cutoff, batch],
      )) as [unknown, number];
      removed += affected;
      if (affected < batch) return removed;
    }
  }
}
