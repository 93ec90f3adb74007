import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { AUDIT_ACTION_NAMES, AUDIT_CSV_HEADER, AUTH_LIMITS, type AuditPage } from '@app/contracts';
import { auditQuerySchema } from '@app/contracts/auth.schemas';
import { parseRussian } from '@app/contracts/schemas';
import { AuditRepository, type AuditFilter } from '@app/persistence';
import { badRequest } from '../common/user-error';
import { TasksService } from '../tasks/tasks.service';
import { csvLine } from './csv-line';

const DAY_MS = 24 * 3600 * 1000;

/** The query's filters; a bare day as `to` includes that whole day. Empty parameters count as absent. */
export function auditFilter(query: Record<string, unknown>): AuditFilter {
  const given = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined));
  const parsed = parseRussian(auditQuerySchema, given);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  const { from, to, ...rest } = parsed.data;
  const dayOnly = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
  return {
    ...rest,
    from: from ? new Date(from) : undefined,
    to: to ? new Date(Date.parse(to) + (dayOnly(to) ? DAY_MS : 0)) : undefined,
  };
}

/** The journal (DESIGN §13): the admins' whole log, a task's own, and the CSV of a filter. */
@Injectable()
export class AuditService {
  constructor(
    private readonly audit: AuditRepository,
    private readonly tasks: TasksService,
  ) {}

  page(query: Record<string, unknown>): Promise<AuditPage> {
    return this.audit.page(auditFilter(query), AUTH_LIMITS.auditPage);
  }

  async taskPage(taskId: string, query: Record<string, unknown>): Promise<AuditPage> {
    await this.tasks.findOrFail(taskId);
    const { cursor } = auditFilter({ cursor: query.cursor });
    return this.audit.page({ taskId, cursor }, AUTH_LIMITS.auditPage);
  }

  /** Every event of the filter, a thousand at a time; UTF-8 with a BOM and `;` so that Excel opens it as it is; times in UTC. */
  async csv(query: Record<string, unknown>, res: Response): Promise<void> {
    const filter = auditFilter(query);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="audit.csv"');
    res.write(`\uFEFF${csvLine(AUDIT_CSV_HEADER)}`);
    for (let cursor = filter.cursor; ; ) {
      const { events, next } = await this.audit.page({ ...filter, cursor }, 1_000);
      for (const e of events) {
        const line = csvLine([e.at, e.user?.login ?? '', e.user?.displayName ?? '', AUDIT_ACTION_NAMES[e.action] ?? e.action, e.action, e.taskId ?? '', e.taskName ?? '', JSON.stringify(e.details)]);
        if (!res.write(line)) await new Promise((resolve) => res.once('drain', resolve));
      }
      if (!next) break;
      cursor = next;
    }
    res.end();
  }
}
