import { copyFile, link, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredFile } from '@app/persistence';

/** What names a stored file's copy: its object key, and its content's hash when known. */
type FileRef = Pick<StoredFile, 'key' | 'sha256'>;
import type { StorageService } from '@app/storage';

/** A batch whose end this worker never hears of lets go of its files after this long unused. */
const IDLE_MS = 5 * 60_000;

interface BatchCopies {
  dir: Promise<string>;
  /** File name → its download (settled: on disk). */
  files: Map<string, Promise<string>>;
  timer?: NodeJS.Timeout;
}

/** The name a stored file is kept under: by content when its sha256 is known, so equal uploads are one copy. */
export function copyName(file: FileRef): string {
  return file.sha256 ? `sha256-${file.sha256}` : `key-${file.key.replace(/[^\w.-]+/g, '_')}`;
}

/**
 * A batch's stored files on this worker's disk, each downloaded once (DESIGN §12 "Speed"): a
 * batch's tasks mostly have the same weekly price list and the same chain's template, so its
 * children link one local copy instead of each downloading its own from storage. A child's copy
 * is a hard link (a copy across file systems), so it outlives the batch's: the batch's copies go
 * when it ends (release) or after IDLE_MS unused, whatever its children still read. A failed
 * download is not kept: the next child tries again, and a missing file fails each child as its
 * own download would. Plain (the worker module provides it), so its spec needs no Nest.
 */
export class BatchFiles {
  private readonly batches = new Map<string, BatchCopies>();

  constructor(private readonly storage: Pick<StorageService, 'downloadTo'>) {}

  /** `file` at `path` (a path of the child's own), from the batch's copy, downloaded on the first ask. */
  async copyTo(batchId: string, file: FileRef, path: string): Promise<void> {
    const source = await this.local(batchId, file);
    await link(source, path).catch(() => copyFile(source, path));
  }

  /** The batch's copy of `file` (downloaded on the first ask); valid until the batch is released. */
  local(batchId: string, file: FileRef): Promise<string> {
    const batch = this.batch(batchId);
    const name = copyName(file);
    let copy = batch.files.get(name);
    if (!copy) {
      copy = batch.dir.then(async (dir) => {
        const path = join(dir, name);
        await this.storage.downloadTo(file.key, path);
        return path;
      });
      batch.files.set(name, copy);
      copy.catch(() => batch.files.get(name) === copy && batch.files.delete(name));
    }
    return copy;
  }

  holds(batchId: string): boolean {
    return this.batches.has(batchId);
  }

  release(batchId: string): void {
    const batch = this.batches.get(batchId);
    if (!batch) return;
    this.batches.delete(batchId);
    clearTimeout(batch.timer);
    // Downloads still running end before their directory goes.
    void Promise.allSettled([...batch.files.values()]).then(() => batch.dir.then((dir) => rm(dir, { recursive: true, force: true }), () => undefined));
  }

  releaseAll(): void {
    for (const batchId of [...this.batches.keys()]) this.release(batchId);
  }

  private batch(batchId: string): BatchCopies {
    let batch = this.batches.get(batchId);
    if (!batch) {
      const dir = mkdtemp(join(tmpdir(), 'price-export-batch-'));
      batch = { dir, files: new Map() };
      dir.catch(() => this.batches.get(batchId) === batch && this.batches.delete(batchId));
      this.batches.set(batchId, batch);
    }
    clearTimeout(batch.timer);
    batch.timer = setTimeout(() => this.release(batchId), IDLE_MS);
    batch.timer.unref();
    return batch;
  }
}
