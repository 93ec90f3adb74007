import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What was written: its size and sha256 (hex), both computed on the way to the disk. */
export interface SavedFile {
  size: number;
  sha256: string;
}

/** The body went past the limit; the caller words it (a file or an attachment). */
export class TooBigError extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
  }
}

/**
 * Streams `body` to `path` (created or truncated), never holding it whole, counting and hashing
 * as it goes; fails with TooBigError as soon as it passes `maxBytes`. On any failure the partial
 * file is removed, so the path holds a whole file or nothing.
 */
export async function saveStream(body: Readable, path: string, maxBytes: number, signal?: AbortSignal): Promise<SavedFile> {
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      size += chunk.length;
      if (size > maxBytes) return next(new TooBigError(maxBytes));
      hash.update(chunk);
      next(null, chunk);
    },
  });
  try {
    await pipeline(body, meter, createWriteStream(path), signal ? { signal } : {});
  } catch (err) {
    await rm(path, { force: true });
    throw err;
  }
  return { size, sha256: hash.digest('hex') };
}
