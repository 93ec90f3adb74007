import { ERR } from './messages';

/**
 * Whether an error means a service we depend on (PostgreSQL, Redis, S3) is unreachable or going
 * away, rather than a bad request or a bug: the user is then told to try again later (503).
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** PostgreSQL: connection exceptions (class 08) and operator intervention (57P01–57P03: terminated, shutting down). */
const POSTGRES_CODES = /^(08|57P0[123])/;
/**
 * pg and TypeORM when the connection went away under a request: the socket closed, a client that
 * met a connection error, the pool or driver closed, and TypeORM's query runner released because
 * its connection failed while a transaction still had queries to run.
 */
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Connection is closed|getaddrinfo|not queryable|Cannot use a pool after calling end|Driver not Connected|Query runner already released/i;
const NAMES = new Set(['QueryRunnerAlreadyReleasedError']);

export function isOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, name, cause, driverError, errors } = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown; driverError?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_CODES.test(code))) return true;
  if (typeof name === 'string' && NAMES.has(name)) return true;
  if (typeof message === 'string' && MESSAGES.test(message)) return true;
  // AggregateError (a connect to several addresses), TypeORM's QueryFailedError, wrapped causes.
  const inner = [cause, driverError, ...(Array.isArray(errors) ? errors : [])];
  return inner.some((e) => isOutage(e, depth + 1));
}

/** Set on the errors of storage calls that met an outage (StorageService), to tell them from the database's. */
export const STORAGE_OUTAGE = 'storage';

/**
 * Which service an outage is of: `storage` when the storage's own client says so (its errors
 * carry `outageOf: 'storage'`), else `database` — in the API and the worker every other call a
 * request or job waits on is a query (Redis calls are answered apart: `Очередь недоступна`).
 * null: not an outage.
 */
export function outageOf(error: unknown): 'database' | 'storage' | null {
  if (!isOutage(error)) return null;
  return markedStorage(error, 0) ? 'storage' : 'database';
}

function markedStorage(error: unknown, depth: number): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { outageOf: of, cause } = error as { outageOf?: unknown; cause?: unknown };
  return of === STORAGE_OUTAGE || markedStorage(cause, depth + 1);
}

/** What the user is told of an outage: `База данных недоступна` or `Хранилище файлов недоступно`; null: not an outage. */
export function outageMessage(error: unknown): string | null {
  const of = outageOf(error);
  return of === null ? null : of === 'storage' ? ERR.storageUnavailable : ERR.databaseUnavailable;
}
