import { ERR } from '@app/contracts';
import { StorageService, isNotFound } from '@app/storage';
import { EngineRejection } from './engine.protocol';

/** Downloads an uploaded file; a missing object is final for the job, not worth a retry. */
export async function fetchObject(storage: StorageService, key: string, path: string): Promise<void> {
  try {
    await storage.downloadTo(key, path);
  } catch (error) {
    if (isNotFound(error)) throw new EngineRejection(ERR.fileNotFound);
    throw error;
  }
}
