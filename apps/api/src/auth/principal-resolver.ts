import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { SESSION_COOKIE, TOKEN_PREFIX } from '@app/contracts';
import { SessionsRepository, type Principal } from '@app/persistence';
import { secretHash } from './secrets';

/** The `pe_session` cookie's value, read from the Cookie header (no parser needed for one cookie). */
export function sessionCookieOf(req: Request): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

function bearerOf(req: Request): string | null {
  const [scheme, token] = (req.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token?.startsWith(TOKEN_PREFIX) ? token : null;
}

/** Who is calling: a personal token (`Authorization: Bearer pe_…`) first, else the session cookie. */
@Injectable()
export class PrincipalResolver {
  constructor(private readonly sessions: SessionsRepository) {}

  async resolve(req: Request): Promise<Principal | null> {
    const token = bearerOf(req);
    if (token) return this.sessions.resolveToken(secretHash(token));
    const cookie = sessionCookieOf(req);
    return cookie ? this.sessions.resolve(secretHash(cookie)) : null;
  }
}
