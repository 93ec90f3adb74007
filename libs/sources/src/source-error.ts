import { SOURCE_ERR } from '@app/contracts';

/**
 * Why a fetch, a poll or a connection check failed. The caller records a run `failed` with the
 * error's (Russian) message; the code is for branching and logs.
 */
export type SourceErrorCode =
  | 'bad-url'
  | 'private-address'
  | 'dns'
  | 'unreachable'
  | 'tls'
  | 'timeout'
  | 'broken'
  | 'access-denied'
  | 'not-found'
  | 'server-error'
  | 'bad-status'
  | 'too-many-redirects'
  | 'too-big'
  | 'mail-auth'
  | 'mail-folder'
  | 'mail-server'
  | 'no-attachment';

export class SourceError extends Error {
  override readonly name = 'SourceError';

  constructor(
    readonly code: SourceErrorCode,
    message: string,
    /** The HTTP status, when a server answered one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Node's and OpenSSL's codes of a TLS handshake or certificate failure. */
function isTlsFailure(err: NodeJS.ErrnoException & { library?: string }): boolean {
  const code = err.code ?? '';
  return (
    code === 'EPROTO' ||
    code.startsWith('ERR_TLS_') ||
    code.startsWith('ERR_SSL_') ||
    /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code) ||
    err.library === 'SSL routines'
  );
}

/**
 * A socket-level failure (connect, DNS, TLS, a reset) as a SourceError naming `host`; null for
 * anything else (a bug, a full disk), which the caller lets through as it is.
 */
export function networkError(err: unknown, host: string): SourceError | null {
  if (err instanceof SourceError) return err;
  // Not `instanceof Error`: errors of Node's own modules may come from another realm (jest's vm).
  if (typeof err !== 'object' || err === null) return null;
  const e = err as NodeJS.ErrnoException & { errors?: unknown[] };
  const wrap = (code: SourceErrorCode, message: string) => new SourceError(code, message, undefined, { cause: err });
  switch (e.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
    case 'EAI_NONAME':
    case 'EAI_NODATA':
      return wrap('dns', SOURCE_ERR.dns(host));
    case 'ECONNREFUSED':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
    case 'EADDRNOTAVAIL':
      return wrap('unreachable', SOURCE_ERR.unreachable(host));
    case 'ECONNRESET':
    case 'EPIPE':
    case 'ECONNABORTED':
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return wrap('broken', SOURCE_ERR.broken);
  }
  // Node's aggregate of a connect tried on every address of a name (autoSelectFamily).
  if (Array.isArray(e.errors) && e.errors.length > 0) return networkError(e.errors[0], host);
  if (isTlsFailure(e)) return wrap('tls', SOURCE_ERR.tls(host));
  return null;
}
