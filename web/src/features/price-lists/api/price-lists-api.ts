import type {
  AddPriceVersionResponse,
  CreatePriceListRequest,
  FileColumns,
  PatchPriceListRequest,
  PriceList,
  PriceListDiff,
  PriceListVersion,
} from '@app/contracts';
import { apiRequest } from '../../../lib/api-client';

const listUrl = (id: string) => `/api/price-lists/${encodeURIComponent(id)}`;
const versionUrl = (listId: string, versionId: string) => `${listUrl(listId)}/versions/${encodeURIComponent(versionId)}`;

export function fetchPriceLists(): Promise<PriceList[]> {
  return apiRequest<PriceList[]>('/api/price-lists');
}

export function createPriceList(name: string): Promise<PriceList> {
  const body: CreatePriceListRequest = { name };
  return apiRequest<PriceList>('/api/price-lists', { method: 'POST', json: body });
}

/** `version`: the list's version the new name was typed over; a stale one is answered with 409. */
export function renamePriceList(id: string, name: string, version: number): Promise<PriceList> {
  const body: PatchPriceListRequest = { name, version };
  return apiRequest<PriceList>(listUrl(id), { method: 'PATCH', json: body });
}

/** The list's own settings (DESIGN §16), made from its `version` (409 when it changed meanwhile). */
export function savePriceListSettings(id: string, settings: Omit<PatchPriceListRequest, 'name' | 'version'>, version: number): Promise<PriceList> {
  const body: PatchPriceListRequest = { ...settings, version };
  return apiRequest<PriceList>(listUrl(id), { method: 'PATCH', json: body });
}

/** Refused (409) while tasks follow the list. */
export function deletePriceList(id: string): Promise<void> {
  return apiRequest<void>(listUrl(id), { method: 'DELETE' });
}

/** A new version, once compared: its final status (current, or held with its reasons); the answer names the tasks that follow the list (each now stale). */
export function uploadPriceVersion(id: string, file: File): Promise<AddPriceVersionResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<AddPriceVersionResponse>(`${listUrl(id)}/versions`, { method: 'POST', body: form });
}

/** Newest first. */
export function fetchPriceVersions(id: string): Promise<PriceListVersion[]> {
  return apiRequest<PriceListVersion[]>(`${listUrl(id)}/versions`);
}

export function priceVersionFileUrl(listId: string, versionId: string): string {
  return `${versionUrl(listId, versionId)}/file`;
}

export function fetchPriceVersionColumns(listId: string, versionId: string, signal?: AbortSignal): Promise<FileColumns> {
  return apiRequest<FileColumns>(`${versionUrl(listId, versionId)}/columns`, { signal });
}

/** `Принять` (it becomes current) or `Отклонить` a held version; 409 when it was decided already. */
export function decidePriceVersion(listId: string, versionId: string, decision: 'accept' | 'reject'): Promise<PriceListVersion> {
  return apiRequest<PriceListVersion>(`${versionUrl(listId, versionId)}/${decision}`, { method: 'POST' });
}

/** The version compared with the one current before it (the lists cut at DIFF_LIST_MAX). */
export function fetchPriceVersionDiff(listId: string, versionId: string, signal?: AbortSignal): Promise<PriceListDiff> {
  return apiRequest<PriceListDiff>(`${versionUrl(listId, versionId)}/diff`, { signal });
}

export function priceVersionDiffXlsxUrl(listId: string, versionId: string): string {
  return `${versionUrl(listId, versionId)}/diff.xlsx`;
}
