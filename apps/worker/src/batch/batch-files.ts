import { createHash } from 'node:crypto';
import { copyFile, link, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredFile } from '@app/persistence';
import type { StorageService } from '@app/storage';

/** What names a stored file's copy: its object key, and its content's hash when known. */
type FileRef = Pick<StoredFile, 'key' | 'sha256'>;

/** A batch whose end this worker never hears of lets go of what it keeps for it (files, shares) after this long unused. */
export const BATCH_IDLE_MS = 5 * 60_000;
/**
 * Copies kept per batch: the files its tasks have in common are few (one weekly list, a chain's
 * template or two); a batch of tasks each with files of its own keeps only the latest, so its
 * disk use stays that of a few jobs however long it is.
 */
const COPIES_KEPT = 8;

interface BatchCopies {
  dir: Promise<string>;
  /** File name → its download (settled: on disk), in order of use, the latest last. */
  files: Map<string, Promise<string>>;
  timer?: NodeJS.Timeout;
}

/** The name a stored file's copy is kept under: by content when its sha256 is known, so equal uploads are one copy. */
export function copyName(file: FileRef): string {
  return file.sha256 ? `sha256-${file.sha256}` : `key-${createHash('sha256').update(file.key).digest('hex').slice(0, 32)}`;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * A batch's stored files on this worker's disk, each downloaded once (DESIGN §12 "Speed"): a
 * batch's tasks mostly have the same weekly price list and the same chain's template, so its
 * children link one local copy instead of each downloading its own from storage. A child's copy
 * is a hard link (a copy across file systems), so it outlives the batch's: the batch's copies go
 * when it ends (release), after BATCH_IDLE_MS unused, or to make room for newer ones (COPIES_KEPT),
 * whatever its children still read. A failed download is not kept: the next child tries again,
 * and a missing file fails each child as its own download would. Plain (the worker module
 * provides it), so its spec needs no Nest.
 */
export class BatchFiles {
  private readonly batches = new Map<string, BatchCopies>();

  constructor(private readonly storage: Pick<StorageService, 'downloadTo'>) {}

  /** `file` at `path` (a path of the child's own), from the batch's copy, downloaded on the first ask. */
  async copyTo(batchId: string, file: FileRef, path: string): Promise<void> {
    try {
      await this.linkTo(await this.local(batchId, file), path);
    } catch (error) {
      if (!isMissing(error)) throw error;
      // The copy went meanwhile (made room for, swept as stale): fetched once more.
      this.batches.get(batchId)?.files.delete(copyName(file));
      await this.linkTo(await this.local(batchId, file), path);
    }
  }

  /** The batch's copy of `file` (downloaded on the first ask), until the batch is released or it makes room: link it (copyTo) to keep it. */
  local(batchId: string, file: FileRef): Promise<string> {
    const batch = this.batch(batchId);
    const name = copyName(file);
    let copy = batch.files.get(name);
    if (copy) {
      batch.files.delete(name);
      batch.files.set(name, copy);
      return copy;
    }
    copy = batch.dir.then(async (dir) => {
      const path = join(dir, name);
      await this.storage.downloadTo(file.key, path);
      return path;
    });
    batch.files.set(name, copy);
    copy.catch(() => batch.files.get(name) === copy && batch.files.delete(name));
    this.makeRoom(batch);
    return copy;
  }

  holds(batchId: string): boolean {
    return this.batches.has(batchId);
  }

  /** The batch has ended here: its copies go (once their downloads have settled). */
  release(batchId: string): Promise<void> {
    const batch = this.batches.get(batchId);
    if (!batch) return Promise.resolve();
    this.batches.delete(batchId);
    clearTimeout(batch.timer);
    return Promise.allSettled([...batch.files.values()])
      .then(() => batch.dir)
      .then((dir) => rm(dir, { recursive: true, force: true }))
      .catch(() => undefined);
  }

  async releaseAll(): Promise<void> {
    await Promise.all([...this.batches.keys()].map((batchId) => this.release(batchId)));
  }

  private async linkTo(source: string, path: string): Promise<void> {
    await link(source, path).catch((error: NodeJS.ErrnoException) => (error.code === 'EXDEV' ? copyFile(source, path) : Promise.reject(error)));
  }

  /** The oldest copies beyond COPIES_KEPT go once downloaded (children hold links of their own). */
  private makeRoom(batch: BatchCopies): void {
    for (const [name, copy] of batch.files) {
      if (batch.files.size <= COPIES_KEPT) return;
      batch.files.delete(name);
      void copy.then((path) => rm(path, { force: true })).catch(() => undefined);
    }
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
    batch.timer = setTimeout(() => void this.release(batchId), BATCH_IDLE_MS);
    batch.timer.unref();
    return batch;
  }
}
