import { rm } from 'node:fs/promises';
import { SOURCE_ERR, SOURCE_TEST, type SourceTestResult, type UrlSourceSettings } from '@app/contracts';
import { dispositionFileName, urlFileName } from './file-name';
import { saveStream, TooBigError } from './file-sink';
import { SourceError } from './source-error';
import type { SourceLimits } from './source-limits';
import { fetchFailure, openUrl, type OpenedUrl, type PreviousVersion } from './url-request';

/** The same file as the newest version (a 304, or the same sha256): no version is made. */
export interface UrlUnchanged {
  outcome: 'unchanged';
  /** The answer's validators, to keep for the next conditional GET (null after a 304). */
  etag: string | null;
  lastModified: string | null;
}

/** A new file, whole at `path`. */
export interface UrlFile {
  outcome: 'file';
  path: string;
  size: number;
  sha256: string;
  /** From Content-Disposition, else the (final) URL's last path segment, else its host. */
  fileName: string;
  etag: string | null;
  lastModified: string | null;
  contentType: string | null;
}

export type UrlFetchResult = UrlUnchanged | UrlFile;

const header = (opened: OpenedUrl, name: string): string | null => {
  const value = opened.response.headers[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

const fileNameOf = (opened: OpenedUrl) =>
  dispositionFileName(header(opened, 'content-disposition') ?? undefined) ?? urlFileName(opened.url) ?? opened.url.hostname;

/** Content-Length above the limit: refused before a byte of the body is read. */
function assertDeclaredSize(opened: OpenedUrl, maxBytes: number): number | null {
  const declared = header(opened, 'content-length');
  const size = declared !== null && /^\d+$/.test(declared) ? Number(declared) : null;
  if (size !== null && size > maxBytes) throw new SourceError('too-big', SOURCE_ERR.tooBig(maxBytes));
  return size;
}

/**
 * Fetches a URL source (DESIGN §16): a conditional GET with the newest version's validators;
 * the body is streamed to `dest` (the caller's temp file) with the size limit and hashed on the
 * way. `dest` holds the file only when the outcome is `file`; otherwise it does not exist.
 * Every failure is a SourceError with a Russian message.
 */
export async function fetchUrl(settings: UrlSourceSettings, previous: PreviousVersion, limits: SourceLimits, dest: string): Promise<UrlFetchResult> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const opened = await openUrl(settings, limits, previous, signal);
  const validators = { etag: header(opened, 'etag'), lastModified: header(opened, 'last-modified') };
  if (opened.response.statusCode === 304) {
    opened.response.destroy();
    return { outcome: 'unchanged', etag: null, lastModified: null };
  }
  try {
    assertDeclaredSize(opened, limits.maxBytes);
    const saved = await saveStream(opened.response, dest, limits.maxBytes, signal);
    if (previous.sha256 && saved.sha256 === previous.sha256) {
      await rm(dest, { force: true });
      return { outcome: 'unchanged', ...validators };
    }
    return { outcome: 'file', path: dest, ...saved, fileName: fileNameOf(opened), ...validators, contentType: header(opened, 'content-type') };
  } catch (err) {
    opened.response.destroy();
    if (err instanceof TooBigError) throw new SourceError('too-big', SOURCE_ERR.tooBig(limits.maxBytes), undefined, { cause: err });
    throw fetchFailure(err, opened.url.host, signal, limits.timeoutMs);
  }
}

/**
 * `Проверить подключение` of a URL source: a GET (not HEAD: presigned and many download links
 * answer HEAD with 403 or 405) whose body is never read; it names the file and its declared size.
 */
export async function testUrl(settings: UrlSourceSettings, limits: SourceLimits): Promise<SourceTestResult> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const opened = await openUrl(settings, limits, {}, signal);
    opened.response.destroy();
    const size = assertDeclaredSize(opened, limits.maxBytes);
    const name = fileNameOf(opened);
    return { ok: true, message: SOURCE_TEST.urlOk(name), files: [{ name, size }] };
  } catch (err) {
    if (err instanceof SourceError) return { ok: false, message: err.message, files: [] };
    throw err;
  }
}
