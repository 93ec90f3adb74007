import { join } from 'node:path';
import { ERR } from '@app/contracts';
import type { StoredFile, StoredFiles } from '@app/persistence';
import { isNotFound, type StorageService } from '@app/storage';
import { EngineRejection } from './engine-runner';
import { settleAll } from './settle-all';

/** A task's two files on local disk in `dir`, for the engine; a missing one is final for the job. */
export async function downloadTaskFiles(storage: StorageService, files: StoredFiles, dir: string): Promise<{ price: string; template: string }> {
  const [price, template] = await settleAll<[string, string]>([
    taskFile(files.price, dir, 'price', (file, path) => storage.downloadTo(file.key, path)),
    taskFile(files.template, dir, 'template', (file, path) => storage.downloadTo(file.key, path)),
  ]);
  return { price, template };
}

/**
 * One of a task's files at `<dir>/<name>.xlsx`, put there by `fetch` (a download, or a batch's
 * local copy); a file the task lacks, or one gone from storage, is final for the job.
 */
export async function taskFile(file: StoredFile | null, dir: string, name: 'price' | 'template', fetch: (file: StoredFile, path: string) => Promise<void>): Promise<string> {
  if (!file) throw new EngineRejection(ERR.fileNotFound);
  const path = join(dir, `${name}.xlsx`);
  try {
    await fetch(file, path);
  } catch (error) {
    if (isNotFound(error)) throw new EngineRejection(ERR.fileNotFound);
    throw error;
  }
  return path;
}
