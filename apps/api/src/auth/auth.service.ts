import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AUTH_ERR, type ApiTokenInfo, type CreatedApiToken, type MeResponse } from '@app/contracts';
import { ApiTokensRepository, SessionsRepository, SignInThrottleRepository, UsersRepository, type ApiTokenRow, type Principal } from '@app/persistence';
import type { changePasswordSchema, signInSchema } from '@app/contracts/auth.schemas';
import type { z } from 'zod';
import { UserError, badRequest, notFound } from '../common/user-error';
import { PasswordHasher } from './password-hasher';
import { newPersonalToken, newSecret, secretHash } from './secrets';
import { PublicOrigin } from './public-origin';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { sessionCookieOf } from './principal-resolver';
import { toUser } from './user.mapper';

/** The client's address: the socket's, or what the proxies TRUST_PROXY trusts say in X-Forwarded-For. */
const addressOf = (req: Request): string => req.ip ?? 'unknown';

const toTokenInfo = (row: ApiTokenRow): ApiTokenInfo => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
});

/** Sign-in, sign-out, one's own password and personal tokens (DESIGN §13). */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly throttle: SignInThrottleRepository,
    private readonly tokens: ApiTokensRepository,
    private readonly hasher: PasswordHasher,
    private readonly origin: PublicOrigin,
  ) {}

  /**
   * A wrong password and an unknown login get the same answer after the same work: a reserved
   * attempt, one look-up, one scrypt (against a dummy hash when there is no user), one audit
   * write. A blocked login or address is answered 429 before any of it, so guessing on costs
   * nothing but time; the attempt's slot is reserved before the check (see SignInThrottleRepository),
   * so parallel guesses are counted too. A success clears the login's failures, this slot with them.
   */
  async signIn(body: z.output<typeof signInSchema>, req: Request, res: Response): Promise<MeResponse> {
    const address = addressOf(req);
    await this.reserveAttempt(body.login, address);
    const user = body.login ? await this.users.withHashByLogin(body.login) : null;
    const matches = await this.hasher.verify(body.password, user?.passwordHash);
    if (!user || !matches || user.disabled) {
      await this.throttle.failed(body.login, address, user?.id ?? null);
      throw new UserError(401, AUTH_ERR.badCredentials);
    }
    return { user: toUser(await this.startSession(user.id, 'password', req, res)) };
  }

  /** A new session for a user who proved who they are (a password or single sign-on), its cookie set. */
  async startSession(userId: string, via: 'password' | 'sso', req: Request, res: Response): Promise<Principal> {
    const secret = newSecret();
    const principal = await this.sessions.open(secretHash(secret), userId, via, addressOf(req));
    setSessionCookie(res, this.origin.secure(req), secret);
    return principal;
  }

  /** Ends the cookie's session, if any; always clears the cookie. */
  async signOut(req: Request, res: Response): Promise<void> {
    const cookie = sessionCookieOf(req);
    clearSessionCookie(res, this.origin.secure(req));
    if (!cookie) return;
    const id = secretHash(cookie);
    const principal = await this.sessions.resolve(id);
    if (principal) await this.sessions.close(id, principal.id);
  }

  /**
   * The user's own new password: no longer temporary; their other sessions end. The current
   * password is guessed no faster here than at sign-in: a wrong one is a failure of the login.
   */
  async changePassword(user: Principal, body: z.output<typeof changePasswordSchema>, req: Request): Promise<MeResponse> {
    const address = addressOf(req);
    const slot = await this.reserveAttempt(user.login, address);
    const current = await this.users.passwordHash(user.id);
    if (!(await this.hasher.verify(body.current, current))) {
      await this.throttle.failed(user.login, address, user.id, 'password-change');
      throw badRequest(AUTH_ERR.wrongCurrentPassword);
    }
    await this.throttle.release(slot);
    if (body.current === body.next) throw badRequest(AUTH_ERR.samePassword);
    await this.users.changeOwnPassword(user.id, await this.hasher.hash(body.next), user.sessionId);
    return { user: toUser({ ...user, mustChangePassword: false }) };
  }

  /** An attempt's slot, or 429 with the minutes until the login and the address may try again. */
  private async reserveAttempt(login: string, address: string): Promise<string> {
    const attempt = await this.throttle.reserve(login, address);
    if ('slot' in attempt) return attempt.slot;
    const minutes = Math.max(1, Math.ceil((attempt.blockedUntil.getTime() - Date.now()) / 60_000));
    throw new UserError(429, AUTH_ERR.tooManySignIns(minutes));
  }

  /** `Учётная запись`: one's own address for notices (DESIGN §17); null clears it. */
  async setOwnEmail(user: Principal, email: string | null): Promise<MeResponse> {
    await this.users.setOwnEmail(user.id, email);
    return { user: toUser({ ...user, email }) };
  }

  async listTokens(user: Principal): Promise<ApiTokenInfo[]> {
    return (await this.tokens.list(user.id)).map(toTokenInfo);
  }

  async createToken(user: Principal, name: string): Promise<CreatedApiToken> {
    const token = newPersonalToken();
    const row = await this.tokens.create(user, name, secretHash(token));
    return { id: row.id, name: row.name, token };
  }

  async revokeToken(user: Principal, id: string): Promise<void> {
    if (!(await this.tokens.revoke(user, id))) throw notFound(AUTH_ERR.tokenNotFound);
  }
}
