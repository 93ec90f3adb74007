import type { Request } from 'express';
import { ROUTE_UNMATCHED, ROUTE_WEB_APP } from '@app/metrics';

/** Nest's not-found handler is a route too, on every path: it matched nothing. */
const NEST_NOT_FOUND = '{/*splat}';
const SERVER_PATHS = /^\/(api|admin)(\/|$)/;

/**
 * The `route` label of a finished request: the template its route was declared with
 * (`/api/tasks/:id`, `/admin/queues/api/queues/:queueName/:jobId`), never the path itself, so no
 * id ever becomes a label value. A request no route took but something answered is a file: of
 * a mounted app (`/admin/queues/static/*`, Bull Board's) or the web app's (`web-app`, its pages
 * too); anything else is `unmatched` (an unknown path, a body refused before routing).
 */
export function routeLabel(req: Pick<Request, 'route' | 'baseUrl' | 'method' | 'originalUrl'>, status: number): string {
  const declared = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof declared === 'string' && declared !== NEST_NOT_FOUND) return `${req.baseUrl}${declared}` || '/';
  // A route declared with several paths (Bull Board's pages): which one matched is not kept.
  if (Array.isArray(declared)) return `${req.baseUrl}/*`;
  if (status >= 400 || declared !== undefined) return ROUTE_UNMATCHED;
  if (req.baseUrl) return `${req.baseUrl}/*`;
  const path = req.originalUrl.split('?')[0];
  return (req.method === 'GET' || req.method === 'HEAD') && !SERVER_PATHS.test(path) ? ROUTE_WEB_APP : ROUTE_UNMATCHED;
}
