import { AUTH_ERR, AUTH_LIMITS, AUTH_UI } from '@app/contracts';
import { auditQuerySchema } from '@app/contracts/auth.schemas';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { taskIdParam, type RouteDoc } from '../openapi/route-doc';

/** One 400 text per filter: the first one that is wrong is named. */
const filterErrors = (names: string[]) => ({ 400: names.map((name) => AUTH_ERR.auditFilterInvalid(name)) });
const allFilters = Object.keys(auditQuerySchema.shape);
const cursorOnly = auditQuerySchema.pick({ cursor: true });

export const AUDIT_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/audit',
    tag: 'audit',
    summary: `«${AUTH_UI.journalTitle}»: everyone's events, newest first`,
    description: `${AUTH_LIMITS.auditPage} events a page; \`next\` is the \`cursor\` of the following one. Every filter may be left out (an empty one counts as left out).`,
    query: auditQuerySchema,
    answers: [{ status: 200, description: 'a page of events', json: R.AuditPage }],
    errors: filterErrors(allFilters),
  },
  {
    method: 'get',
    path: '/api/audit.csv',
    tag: 'audit',
    summary: `«${AUTH_UI.journalCsv}»: every event of the filters`,
    description: 'All pages at once (from `cursor` on, when given), for Excel: UTF-8 with a BOM, `;` between fields; the action as its Russian name and its code, the details as JSON.',
    query: auditQuerySchema,
    answers: [{ status: 200, description: 'the events as CSV', media: ['text/csv'], headers: { 'Content-Disposition': 'attachment; filename="audit.csv"' } }],
    errors: filterErrors(allFilters),
  },
  {
    method: 'get',
    path: '/api/tasks/{id}/audit',
    tag: 'audit',
    summary: "A task's own events (the task page's journal), newest first",
    description: `${AUTH_LIMITS.auditPage} events a page; \`next\` is the \`cursor\` of the following one.`,
    params: { id: taskIdParam },
    query: cursorOnly,
    answers: [{ status: 200, description: 'a page of events', json: R.AuditPage }],
    errors: filterErrors(['cursor']),
  },
];
