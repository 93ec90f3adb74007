import type { FileColumns, FileKind } from '@app/contracts';
import type { ExportQueueService } from '../queue/export-queue.service';
import { jobUserError } from '../queue/job-user-error';

/** A stored file never changes (an upload makes a new key), so its columns are cached for long. */
const CACHE_SECONDS = 30 * 24 * 3600;

/** Where a file's columns are kept in Redis, beside the queue's own keys. */
export const columnsCacheKey = (queuePrefix: string, objectKey: string) => `${queuePrefix}:columns:${objectKey}`;

/**
 * A stored file's columns (DESIGN §10): from the cache, else from a columns job in the worker —
 * the API never opens a workbook. A cache that cannot be read or written costs a job, no error.
 */
export async function fileColumns(queue: ExportQueueService, queuePrefix: string, objectKey: string, kind: FileKind, timeoutMs: number): Promise<FileColumns> {
  const cacheKey = columnsCacheKey(queuePrefix, objectKey);
  const cached = await (await queue.redis()).get(cacheKey).catch(() => null);
  if (cached) return JSON.parse(cached) as FileColumns;
  let columns: FileColumns;
  try {
    columns = await queue.result<FileColumns>(await queue.addColumns(objectKey, kind), timeoutMs);
  } catch (error) {
    throw jobUserError(error);
  }
  await (await queue.redis()).set(cacheKey, JSON.stringify(columns), 'EX', CACHE_SECONDS).catch(() => undefined);
  return columns;
}
