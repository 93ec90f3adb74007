import type { CookieOptions, Response } from 'express';
import { AUTH_LIMITS, SESSION_COOKIE } from '@app/contracts';

/**
 * `pe_session`: httpOnly (no script reads it), SameSite=Lax (not sent with another site's posts),
 * Secure when users reach the app over HTTPS (PublicOrigin.secure). The browser may keep it for
 * the session's maximum age; the server decides whether it still lives.
 */
const options = (secure: boolean): CookieOptions => ({ httpOnly: true, sameSite: 'lax', secure, path: '/' });

export function setSessionCookie(res: Response, secure: boolean, value: string): void {
  res.cookie(SESSION_COOKIE, value, { ...options(secure), maxAge: AUTH_LIMITS.sessionMaxDays * 24 * 3600 * 1000 });
}

export function clearSessionCookie(res: Response, secure: boolean): void {
  res.clearCookie(SESSION_COOKIE, options(secure));
}
