/**
 * Whether an error means a service we depend on (PostgreSQL, Redis, S3) is unreachable or going
 * away, rather than a bad request or a bug: the user is then told to try again later (503).
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** PostgreSQL: connection exceptions (class 08) and operator intervention (57P01–57P03). */
const POSTGRES_CODES = /^(08|57P0[123])/;
const MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Connection is closed|getaddrinfo/i;

export function isOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, driverError, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; driverError?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_CODES.test(code))) return true;
  if (typeof message === 'string' && MESSAGES.test(message)) return true;
  // AggregateError (a connect to several addresses), TypeORM's QueryFailedError, wrapped causes.
  const inner = [cause, driverError, ...(Array.isArray(errors) ? errors : [])];
  return inner.some((e) => isOutage(e, depth + 1));
}
