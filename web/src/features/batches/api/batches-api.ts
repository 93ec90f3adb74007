import type { Batch, BatchAction, BatchSummary, CreateBatchRequest, CreatedBatch } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client';

const batchUrl = (id: string) => `/api/batches/${encodeURIComponent(id)}`;

/** Answered (202) at once; the work goes on without the browser. `deliver`: generate only, each file mailed as it is made. */
export function startBatch(action: BatchAction, taskIds: string[], deliver = false): Promise<CreatedBatch> {
  const body: CreateBatchRequest = deliver && action === 'generate' ? { action, taskIds, deliver } : { action, taskIds };
  return apiRequest<CreatedBatch>('/api/batches', { method: 'POST', json: body });
}

export function fetchBatch(id: string, signal?: AbortSignal): Promise<Batch> {
  return apiRequest<Batch>(batchUrl(id), { signal });
}

/** The newest batches (BATCH_LIST_MAX), whoever started them, without their rows. */
export function fetchBatches(signal?: AbortSignal): Promise<BatchSummary[]> {
  return apiRequest<BatchSummary[]>('/api/batches', { signal });
}

/** Every finished file of the batch, named after its task, and Итоги.xlsx. */
export function batchArchiveUrl(id: string): string {
  return `${batchUrl(id)}/archive`;
}
