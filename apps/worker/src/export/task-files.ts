import { join } from 'node:path';
import { ERR } from '@app/contracts';
import type { StoredFile, StoredFiles } from '@app/persistence';
import { isNotFound, type StorageService } from '@app/storage';
import { EngineRejection } from './engine-runner';
import { settleAll } from './settle-all';

/** A task's two files on local disk in `dir`, for the engine; a missing one is final for the job. */
export async function downloadTaskFiles(storage: StorageService, files: StoredFiles, dir: string): Promise<{ price: string; template: string }> {
  const [price, template] = await settleAll([download(storage, files.price, dir, 'price'), download(storage, files.template, dir, 'template')]);
  return { price, template };
}

async function download(storage: StorageService, file: StoredFile | null, dir: string, name: string): Promise<string> {
  if (!file) throw new EngineRejection(ERR.fileNotFound);
  const path = join(dir, `${name}.xlsx`);
  try {
    await storage.downloadTo(file.key, path);
  } catch (error) {
    if (isNotFound(error)) throw new EngineRejection(ERR.fileNotFound);
    throw error;
  }
  return path;
}
