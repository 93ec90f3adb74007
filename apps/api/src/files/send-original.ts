import type { Response } from 'express';
import { Readable } from 'node:stream';
import { CSV_MIME } from '@app/contracts';
import type { StoredFile } from '@app/persistence';
import type { StorageService } from '@app/storage';
import { sendXlsx } from '../common/send-xlsx';

/** A stored upload under its original name: a workbook as xlsx, a CSV price list as `text/csv`. */
export async function sendOriginal(storage: StorageService, file: Pick<StoredFile, 'key' | 'name' | 'size'>, res: Response): Promise<void> {
  const { body, zip } = await sniff(await storage.getStream(file.key));
  await sendXlsx(res, body, file.name, file.size, zip ? {} : { 'Content-Type': CSV_MIME });
}

/**
 * Whether a stored original is a workbook (a zip) or a CSV price list, by its first bytes rather
 * than its name (a CSV may be called anything); the stream goes on whole.
 */
async function sniff(stream: Readable): Promise<{ body: Readable; zip: boolean }> {
  const chunks = stream[Symbol.asyncIterator]();
  const first = await chunks.next();
  const head = first.done ? Buffer.alloc(0) : (first.value as Buffer);
  async function* all() {
    if (!first.done) yield head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value as Buffer;
  }
  return { body: Readable.from(all(), { objectMode: false }), zip: head[0] === 0x50 && head[1] === 0x4b };
}
