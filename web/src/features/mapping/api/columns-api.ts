import type { FileColumns, FileKind } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client';

/** The columns of a task's uploaded file (read by a worker; the first call may take a second). */
export function fetchFileColumns(taskId: string, kind: FileKind, signal?: AbortSignal): Promise<FileColumns> {
  return apiRequest<FileColumns>(`/api/tasks/${encodeURIComponent(taskId)}/files/${kind}/columns`, { signal });
}
