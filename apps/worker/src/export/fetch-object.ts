import { ERR } from '@app/contracts';
import { StorageService, isNotFound } from '@app/storage';
import { EngineRejection } from './engine.protocol';
import { collectingYoungGarbage } from './young-garbage';

/**
 * Downloads an uploaded file; a missing object is final for the job, not worth a retry. A download
 * streams socket buffers to disk and allocates little else, so its young garbage is collected as
 * it goes (young-garbage.ts).
 */
export async function fetchObject(storage: StorageService, key: string, path: string): Promise<void> {
  try {
    await collectingYoungGarbage(() => storage.downloadTo(key, path));
  } catch (error) {
    if (isNotFound(error)) throw new EngineRejection(ERR.fileNotFound);
    throw error;
  }
}
