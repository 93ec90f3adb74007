import http from 'node:http';
import https from 'node:https';

/** A storage call that got no byte for too long: an outage (code ETIMEDOUT, see isOutage), not a bug. */
export class StorageTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';

  constructor(timeoutMs: number) {
    super(`storage did not answer within ${timeoutMs} ms`);
  }
}

type Request = typeof http.request;

/**
 * The minio client's transport with a limit on silence: a request (and the body of its answer)
 * that moves no byte for `timeoutMs` is destroyed with StorageTimeoutError. An inactivity limit
 * rather than a total one, so a large upload or download on a slow link still completes while a
 * frozen or unreachable server fails the call instead of hanging it forever.
 */
export function timedTransport(useSsl: boolean, timeoutMs: number): { request: Request } {
  const base = (useSsl ? https.request : http.request) as Request;
  const request = ((...args: Parameters<Request>) => {
    const req = base(...args);
    req.setTimeout(timeoutMs, () => req.destroy(new StorageTimeoutError(timeoutMs)));
    return req;
  }) as Request;
  return { request };
}
