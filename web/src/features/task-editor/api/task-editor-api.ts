import { EXPORT_HEADERS } from '@app/contracts';
import type {
  ExportRecord,
  FileKind,
  FixHeaderRequest,
  HeaderChangesResponse,
  Item,
  PatchTaskRequest,
  PatchTaskResponse,
  Task,
  UploadResponse,
} from '@app/contracts';
import { apiFetch, apiRequest } from '../../../lib/api-client';

const taskUrl = (id: string) => `/api/tasks/${encodeURIComponent(id)}`;

/** The whole task (items, files, rules) for its page; the sidebar's list has only summaries. */
export function fetchTask(id: string): Promise<Task> {
  return apiRequest<Task>(taskUrl(id));
}

/** `version`: the task's version the items were edited from; a stale one is answered with 409. */
export function saveTaskItems(id: string, items: Item[], version: number): Promise<PatchTaskResponse> {
  const body: PatchTaskRequest = { items, syncMapping: true, version };
  return apiRequest<PatchTaskResponse>(taskUrl(id), { method: 'PATCH', json: body });
}

/** Another rule profile for the task (null = the default), its rules copied into the task's own. */
export function changeTaskProfile(id: string, profileId: string | null, version: number): Promise<PatchTaskResponse> {
  const body: PatchTaskRequest = { profileId, syncMapping: true, version };
  return apiRequest<PatchTaskResponse>(taskUrl(id), { method: 'PATCH', json: body });
}

/** Follow a library price list (null: the task's own price file again). */
export function changeTaskPriceList(id: string, priceListId: string | null, version: number): Promise<PatchTaskResponse> {
  const body: PatchTaskRequest = { priceListId, version };
  return apiRequest<PatchTaskResponse>(taskUrl(id), { method: 'PATCH', json: body });
}

/** The task, and what the template guard found in the new file (`headerChanges`). */
export function uploadTaskFile(id: string, kind: FileKind, file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<UploadResponse>(`${taskUrl(id)}/upload/${kind}`, { method: 'POST', body: form });
}

/** The guard on both of the task's files as they are now. */
export function fetchHeaderChanges(id: string): Promise<HeaderChangesResponse> {
  return apiRequest<HeaderChangesResponse>(`${taskUrl(id)}/header-changes`);
}

/** `Исправить`: the rule at `from` now reads `to`, in the task's profile and its own rules. */
export function fixHeaderChange(id: string, fix: FixHeaderRequest): Promise<Task> {
  return apiRequest<Task>(`${taskUrl(id)}/header-changes/fix`, { method: 'POST', json: fix });
}

export interface GenerateResult {
  blob: Blob;
  exportId: string | null;
  rows: number | null;
  matched: number | null;
  /** How many warnings the file has (the check's and the template layout's); null from an API without the header. */
  warnings: number | null;
}

function numberHeader(res: Response, name: string): number | null {
  const v = res.headers.get(name);
  if (v === null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

export async function generateExport(id: string): Promise<GenerateResult> {
  const res = await apiFetch(`${taskUrl(id)}/generate`, { method: 'POST' });
  const blob = await res.blob();
  return {
    blob,
    exportId: res.headers.get(EXPORT_HEADERS.id),
    rows: numberHeader(res, EXPORT_HEADERS.rows),
    matched: numberHeader(res, EXPORT_HEADERS.matched),
    warnings: numberHeader(res, EXPORT_HEADERS.warnings),
  };
}

/** Export history, newest first. */
export function fetchExports(id: string): Promise<ExportRecord[]> {
  return apiRequest<ExportRecord[]>(`${taskUrl(id)}/exports`);
}

/** The uploaded original of a task's file (what a viewer downloads instead of uploading). */
export function taskFileUrl(taskId: string, kind: FileKind): string {
  return `${taskUrl(taskId)}/files/${kind}`;
}

export function exportFileUrl(taskId: string, exportId: string): string {
  return `${taskUrl(taskId)}/exports/${encodeURIComponent(exportId)}/file`;
}
