import type { CheckResponse } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/tasks/{id}/check`: the export as it would be written from the saved task, and what
 * is wrong with it (DESIGN §11). Nothing is recorded; 404/409 answer `{error}` as generate does.
 */
export function runCheck(taskId: string): Promise<CheckResponse> {
  return apiRequest<CheckResponse>(`/api/tasks/${encodeURIComponent(taskId)}/check`, { method: 'POST' });
}
