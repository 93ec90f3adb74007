import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const SERVER_PATHS = /^\/(api|admin)(\/|$)/;

/**
 * Serves the built web app at `/`; any other GET that is not an API or admin path falls back to
 * index.html so that client-side routes survive a reload.
 */
export function mountWebApp(app: Express, webDist: string): boolean {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return false;
  app.use(express.static(webDist, { index: false, maxAge: '1h', fallthrough: true }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || SERVER_PATHS.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return true;
}
