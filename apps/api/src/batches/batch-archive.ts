import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { BATCH_SUMMARY_FILE, BATCH_UI, type Batch } from '@app/contracts';
import type { BatchRowView } from '@app/persistence';
import { ArchiveNames, summaryWorkbook } from '@app/delivery';

/**
 * Streams the batch's archive: every finished export named after its task, then Итоги.xlsx.
 * Each file is fetched from storage only when the zip reaches it (addReadStreamLazy), so the
 * API holds one file's chunks at a time, not the batch. Workbooks are stored, not deflated again:
 * an xlsx is a zip already.
 */
export async function sendBatchArchive(
  res: Response,
  batch: Batch,
  rows: BatchRowView[],
  createdAt: Date,
  open: (objectKey: string) => Promise<Readable>,
): Promise<void> {
  const names = new ArchiveNames();
  names.reserve(BATCH_SUMMARY_FILE);
  const zip = new ZipFile();
  const files = rows.map((row) => (row.objectKey ? names.take(row.name, '.xlsx') : null));
  let reading: Readable | undefined;
  rows.forEach((row, i) => {
    const key = row.objectKey;
    if (!key) return;
    const opened = (s: Readable) => {
      reading = s;
      return s;
    };
    zip.addReadStreamLazy(files[i]!, { compress: false, mtime: createdAt }, (cb) => void open(key).then((s) => cb(null, opened(s)), (err: Error) => cb(err, undefined as never)));
  });
  zip.addBuffer(await summaryWorkbook(batch.tasks, files), BATCH_SUMMARY_FILE, { mtime: createdAt });
  zip.end();

  const fileName = BATCH_UI.archiveName(createdAt.toLocaleDateString('ru-RU'));
  res.status(200);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', `attachment; filename="batch.zip"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  await new Promise<void>((resolve) => {
    // A file gone from storage midway cannot be told in a status any more: the download breaks.
    zip.on('error', (err: Error) => {
      res.destroy(err);
      resolve();
    });
    res.on('close', () => {
      // A download broken off: let go of the zip and the object being read at once, rather than
      // leaving them paused until the storage's inactivity timeout.
      if (!res.writableFinished) {
        zip.outputStream.unpipe(res);
        reading?.destroy();
      }
      resolve();
    });
    zip.outputStream.pipe(res);
  });
}
