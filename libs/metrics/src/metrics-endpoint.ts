import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERR, OPS_ERR } from '@app/contracts';

/**
 * Who may read `GET /metrics` where it is served: the bearer METRICS_TOKEN holders, anyone who
 * reaches the port (a port of its own, kept inside the network), or no one (the API's public port
 * without a token).
 */
export type MetricsAccess = { token: string } | 'open' | 'off';

/** The access of a port that serves metrics beside something else: the token when one is set, else `otherwise`. */
export const metricsAccess = (token: string | undefined, otherwise: 'open' | 'off'): MetricsAccess => (token ? { token } : otherwise);

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

function refuse(res: ServerResponse, status: number, error: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify({ error }));
}

/** Answers one request for the metrics: the exposition `render` gives, or the refusal `access` calls for. */
export async function answerMetrics(req: IncomingMessage, res: ServerResponse, access: MetricsAccess, render: () => Promise<string>, contentType: string): Promise<void> {
  if (access === 'off') return refuse(res, 404, OPS_ERR.metricsOff);
  if (access !== 'open' && !bearerMatches(req.headers.authorization, access.token)) {
    return refuse(res, 401, OPS_ERR.metricsTokenRequired, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
  }
  let body: string;
  try {
    body = await render();
  } catch {
    return refuse(res, 503, ERR.serviceUnavailable);
  }
  res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : body);
}
