import type { Request } from 'express';
import { ROUTE_UNMATCHED, ROUTE_WEB_APP } from '@app/metrics';

/** Nest's not-found handler is a route too, on every path: it matched nothing. */
const NEST_NOT_FOUND = '{/*splat}';
const SERVER_PATHS = /^\/(api|admin)(\/|$)/;

/**
 * The `route` label of a finished request: the template its route was declared with
 * (`/api/tasks/:id`, `/admin/queues/api/queues/:queueName/:jobId`), never the path itself, so no
 * id ever becomes a label value. A request no route took is the web app's (a page or a file) or
 * `unmatched` (an unknown API path, a body refused before routing).
 */
export function routeLabel(req: Pick<Request, 'route' | 'baseUrl' | 'method' | 'originalUrl'>, status: number): string {
  const declared = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof declared === 'string' && declared !== NEST_NOT_FOUND) return `${req.baseUrl}${declared}` || '/';
  // A route declared with several paths (Bull Board's pages): which one matched is not kept.
  if (Array.isArray(declared)) return `${req.baseUrl}/*`;
  const path = req.originalUrl.split('?')[0];
  const page = (req.method === 'GET' || req.method === 'HEAD') && !SERVER_PATHS.test(path) && status < 400;
  return page ? ROUTE_WEB_APP : ROUTE_UNMATCHED;
}
