import type { NextFunction, Request, Response } from 'express';
import { ERR } from '@app/contracts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing calls a page on another site makes in a user's browser (CSRF): the
 * browser says where a request comes from in `Sec-Fetch-Site`, older ones in `Origin`. Calls
 * from scripts and tools send neither and are not a browser's ambient authority, so they pass.
 */
export function sameOriginOnly(req: Request, res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method)) return next();
  const site = req.get('sec-fetch-site');
  const origin = req.get('origin');
  const hosts = [req.get('host'), req.get('x-forwarded-host')].filter(Boolean);
  const crossSite = site ? site !== 'same-origin' && site !== 'none' : origin !== undefined && !hosts.includes(hostOf(origin) ?? '');
  if (!crossSite) return next();
  res.status(403).json({ error: ERR.crossSite });
}
