import { link } from 'node:fs/promises';
import { join } from 'node:path';
import { ERR } from '@app/contracts';
import type { StoredFile, StoredFiles } from '@app/persistence';
import { isNotFound, type StorageService } from '@app/storage';
import { EngineRejection } from './engine-runner';
import { settleAll } from './settle-all';

/** A task's two files on local disk in `dir`, for the engine; a missing one is final for the job. */
export async function downloadTaskFiles(storage: StorageService, files: StoredFiles, dir: string): Promise<{ price: string; template: string }> {
  const [price, template] = await settleAll<[string, string]>([download(storage, files.price, dir, 'price'), download(storage, files.template, dir, 'template')]);
  return { price, template };
}

/**
 * A batch child's files (DESIGN §12): the price list hard-linked from the batch's shared read
 * (no download; a link outlives the cache's copy), downloaded only when the link cannot be made.
 */
export async function sharedTaskFiles(storage: StorageService, files: StoredFiles, sharedPricePath: string, dir: string): Promise<{ price: string; template: string }> {
  const linked = join(dir, 'price.xlsx');
  const price = link(sharedPricePath, linked).then(() => linked, () => download(storage, files.price, dir, 'price'));
  const [pricePath, template] = await settleAll<[string, string]>([price, download(storage, files.template, dir, 'template')]);
  return { price: pricePath, template };
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
