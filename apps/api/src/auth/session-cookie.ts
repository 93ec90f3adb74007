import type { CookieOptions, Request, Response } from 'express';
import { AUTH_LIMITS, SESSION_COOKIE } from '@app/contracts';

/**
 * `pe_session`: httpOnly (no script reads it), SameSite=Lax (not sent with another site's posts),
 * Secure when the request came over HTTPS (directly, or through a trusted proxy's X-Forwarded-Proto).
 * The browser may keep it for the session's maximum age; the server decides whether it still lives.
 */
const options = (req: Request): CookieOptions => ({ httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });

export function setSessionCookie(req: Request, res: Response, value: string): void {
  res.cookie(SESSION_COOKIE, value, { ...options(req), maxAge: AUTH_LIMITS.sessionMaxDays * 24 * 3600 * 1000 });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, options(req));
}
