import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Every temporary folder of the worker's jobs and batches is named so. */
export const TEMP_PREFIX = 'price-export-';

/**
 * Removes the temporary folders a worker left behind when it stopped without cleaning up (killed,
 * out of memory, a restart in the middle of a batch), untouched for `olderThanMs`: by age, because
 * workers on one machine share its temporary folder, and a running job's folder is young (a batch's
 * copy removed all the same is fetched again). Answers how many went.
 */
export async function sweepStaleTempDirs(olderThanMs: number, dir = tmpdir(), now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isDirectory() || now - info.mtimeMs < olderThanMs) continue;
    await rm(path, { recursive: true, force: true }).then(() => removed++, () => undefined);
  }
  return removed;
}
