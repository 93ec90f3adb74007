import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { SOURCE_ERR, type UrlSourceSettings } from '@app/contracts';
import { AddressGuard } from './address-guard';
import { networkError, SourceError } from './source-error';
import type { SourceLimits } from './source-limits';

/** The newest version's validators and hash: a poll that finds the same file makes no version. */
export interface PreviousVersion {
  etag?: string | null;
  lastModified?: string | null;
  sha256?: string | null;
}

/** An answer with a body (2xx) or 304, after the redirects; `url` is where it came from. */
export interface OpenedUrl {
  response: IncomingMessage;
  url: URL;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'price-export (supplier price list fetcher)';

function parseSourceUrl(raw: string, message: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new SourceError('bad-url', message);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SourceError('bad-url', message);
  return url;
}

function authorization(settings: UrlSourceSettings): string | null {
  if (settings.token) return `Bearer ${settings.token}`;
  if (settings.login) return `Basic ${Buffer.from(`${settings.login}:${settings.password ?? ''}`).toString('base64')}`;
  return null;
}

/** The status of an answer that is neither a file, a 304, nor a redirect, as the failure it is. */
function statusError(status: number): SourceError {
  if (status === 401 || status === 403) return new SourceError('access-denied', SOURCE_ERR.accessDenied(status), status);
  if (status === 404) return new SourceError('not-found', SOURCE_ERR.notFound, status);
  if (status >= 500) return new SourceError('server-error', SOURCE_ERR.serverError(status), status);
  return new SourceError('bad-status', SOURCE_ERR.badStatus(status), status);
}

/**
 * GETs a source's address, following at most `maxRedirects` redirects by hand: each hop's address
 * is checked against the guard (as a literal here, as resolved at connect time by its lookup), and
 * the credentials go only to the address's own origin. Answers a 2xx or a 304 with its body unread;
 * every other outcome is a SourceError. `signal` bounds the whole fetch; a failure after it fired
 * is a time-out.
 */
export async function openUrl(settings: UrlSourceSettings, limits: SourceLimits, conditional: PreviousVersion, signal: AbortSignal): Promise<OpenedUrl> {
  const guard = new AddressGuard(limits);
  const first = parseSourceUrl(settings.url, SOURCE_ERR.badUrl);
  const auth = authorization(settings);
  const ca = limits.extraCa?.length ? [...rootCertificates, ...limits.extraCa] : undefined;
  let url = first;
  for (let hop = 0; ; hop++) {
    const headers: OutgoingHttpHeaders = { 'user-agent': USER_AGENT, accept: '*/*', 'accept-encoding': 'identity' };
    if (auth && url.origin === first.origin) headers.authorization = auth;
    if (conditional.etag) headers['if-none-match'] = conditional.etag;
    if (conditional.lastModified) headers['if-modified-since'] = conditional.lastModified;
    guard.assertHost(url.hostname);
    const response = await requestOnce(url, headers, guard, ca, signal, limits.timeoutMs);
    const status = response.statusCode ?? 0;
    if ((status >= 200 && status < 300) || status === 304) return { response, url };
    response.destroy();
    const location = response.headers.location;
    if (!REDIRECTS.has(status) || !location) throw statusError(status);
    if (hop >= limits.maxRedirects) throw new SourceError('too-many-redirects', SOURCE_ERR.tooManyRedirects(limits.maxRedirects), status);
    url = parseSourceUrl(location, SOURCE_ERR.badRedirect, url);
  }
}

/** The error a failure of a fetch stands for: a time-out once the deadline fired, else by its code. */
export function fetchFailure(err: unknown, host: string, signal: AbortSignal, timeoutMs: number): unknown {
  if (err instanceof SourceError) return err;
  if (signal.aborted) return new SourceError('timeout', SOURCE_ERR.timeout(timeoutMs), undefined, { cause: err });
  return networkError(err, host) ?? err;
}

function requestOnce(url: URL, headers: OutgoingHttpHeaders, guard: AddressGuard, ca: string[] | undefined, signal: AbortSignal, timeoutMs: number): Promise<IncomingMessage> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    // A fresh connection per hop (no agent): each one asks the guard's lookup again.
    const request = transport.request(url, { method: 'GET', headers, agent: false, lookup: guard.lookup, signal, ...(ca ? { ca } : {}) }, resolve);
    request.once('error', (err) => reject(fetchFailure(err, url.host, signal, timeoutMs)));
    request.end();
  });
}
