import type { PriceListSource, PutPriceListSourceRequest, SourceRun, SourceTestResult } from '@app/contracts';
import { ApiError, apiRequest } from '../../../lib/api-client';

const sourceUrl = (listId: string) => `/api/price-lists/${encodeURIComponent(listId)}/source`;

/** The list's source, or null when it has none (404). */
export async function fetchPriceSource(listId: string): Promise<PriceListSource | null> {
  try {
    return await apiRequest<PriceListSource>(sourceUrl(listId));
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/** Sets it (a 400 names the wrong field: `Поле «url»: …`); a secret left out keeps the stored one. */
export function savePriceSource(listId: string, source: PutPriceListSourceRequest): Promise<PriceListSource> {
  return apiRequest<PriceListSource>(sourceUrl(listId), { method: 'PUT', json: source });
}

export function deletePriceSource(listId: string): Promise<void> {
  return apiRequest<void>(sourceUrl(listId), { method: 'DELETE' });
}

/** Tries the connection with the form's settings (a secret left out: the stored one); makes no version. */
export function testPriceSource(listId: string, source: PutPriceListSourceRequest): Promise<SourceTestResult> {
  return apiRequest<SourceTestResult>(`${sourceUrl(listId)}/test`, { method: 'POST', json: source });
}

/** `Проверить сейчас`: a poll queued (202); its run shows in the runs. */
export function runPriceSource(listId: string): Promise<void> {
  return apiRequest<void>(`${sourceUrl(listId)}/run`, { method: 'POST' });
}

/** The newest runs first (SOURCE_RUNS_SHOWN). */
export function fetchSourceRuns(listId: string, signal?: AbortSignal): Promise<SourceRun[]> {
  return apiRequest<SourceRun[]>(`${sourceUrl(listId)}/runs`, { signal });
}
