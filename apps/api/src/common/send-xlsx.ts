import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { XLSX_MIME, withoutUnsafeChars } from '@app/contracts';

/** Sends a workbook (streamed from storage, or already in memory) as an attachment, with a UTF-8 safe file name (no controls or bidi overrides). */
export async function sendXlsx(
  res: Response,
  body: Readable | Buffer,
  fileName: string,
  size: number | null,
  headers: Record<string, string> = {},
): Promise<void> {
  // Names stored before such characters were removed at upload are offered without them too.
  const shown = withoutUnsafeChars(fileName);
  const ascii = shown.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  res.status(200);
  res.setHeader('Content-Type', XLSX_MIME);
  res.setHeader('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(shown)}`);
  if (size !== null) res.setHeader('Content-Length', String(size));
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (Buffer.isBuffer(body)) {
    await new Promise<void>((resolve, reject) => res.end(body, () => resolve()).once('error', reject));
  } else {
    await pipeline(body, res);
  }
}
