import type { NextFunction, Request, Response } from 'express';
import type { ApiMetrics } from '@app/metrics';
import { routeLabel } from './http-route';

/**
 * Times every request to its last byte (pe_http_request_duration_seconds). The first middleware,
 * so the answers of the shutdown drain and of the body limits are timed too; a request whose
 * client went away before the answer ended is not.
 */
export function httpTiming(metrics: ApiMetrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.httpDuration.observe({ method: req.method, route: routeLabel(req, res.statusCode), status: String(res.statusCode) }, seconds);
    });
    next();
  };
}
