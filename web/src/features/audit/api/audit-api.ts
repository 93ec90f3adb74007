import type { AuditAction, AuditPage } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client';

export interface AuditFilter {
  userId?: string;
  action?: AuditAction;
  /** ISO instants: the start of the first day, the start of the day after the last. */
  from?: string;
  to?: string;
}

const query = (params: Record<string, string | undefined>): string => {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1]));
  return q.size ? `?${q}` : '';
};

export const fetchAudit = (filter: AuditFilter, cursor?: string) => apiRequest<AuditPage>(`/api/audit${query({ ...filter, cursor })}`);
export const fetchTaskAudit = (taskId: string, cursor?: string) => apiRequest<AuditPage>(`/api/tasks/${encodeURIComponent(taskId)}/audit${query({ cursor })}`);
export const auditCsvUrl = (filter: AuditFilter) => `/api/audit.csv${query({ ...filter })}`;
