import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type * as Oidc from 'openid-client';
import { AUTH_LIMITS, isEmailAddress, safeReturnPath, type AuthOptions } from '@app/contracts';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { SsoLoginsRepository, UsersRepository, type UserEntity } from '@app/persistence';
import { AuthService } from './auth.service';
import { PublicOrigin } from './public-origin';

const SSO_COOKIE = 'pe_sso';
const CALLBACK = '/api/auth/oidc/callback';
export const SSO_START = '/api/auth/oidc/start';

/** openid-client is an ES module; this CommonJS app loads it when single sign-on is first used. */
const loadClient = (): Promise<typeof Oidc> => import('openid-client');

type Claims = Record<string, unknown>;

/**
 * Single sign-on (DESIGN §13): the authorization code flow with PKCE through openid-client (panva),
 * the well-kept certified client. What the callback needs (the PKCE verifier, the nonce, where the
 * user was going) waits in PostgreSQL under the state, so any API replica can finish the flow; a
 * short cookie ties the state to the browser that started it. A first sign-in creates the user.
 */
@Injectable()
export class SsoService {
  private readonly logger = new Logger(SsoService.name);
  private discovered?: Promise<Oidc.Configuration>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logins: SsoLoginsRepository,
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
    private readonly origin: PublicOrigin,
  ) {}

  get enabled(): boolean {
    return !!this.config.OIDC_ISSUER_URL;
  }

  options(): AuthOptions {
    return { sso: this.enabled ? { name: this.config.OIDC_NAME, url: SSO_START } : null };
  }

  /** Sends the browser to the provider; `next` is where it returns after signing in. */
  async start(req: Request, res: Response, next: unknown): Promise<void> {
    const client = await loadClient();
    const config = await this.configuration();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    await this.logins.start({ state, codeVerifier, nonce, returnTo: safeReturnPath(next) });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.callbackUrl(req),
      scope: 'openid profile email',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    res.cookie(SSO_COOKIE, state, { httpOnly: true, sameSite: 'lax', secure: this.origin.secure(req), path: '/api/auth/oidc', maxAge: 10 * 60_000 });
    res.redirect(302, url.href);
  }

  /** The provider's answer: the code is exchanged, the user found or created, a session opened. */
  async callback(req: Request, res: Response): Promise<void> {
    res.clearCookie(SSO_COOKIE, { path: '/api/auth/oidc' });
    const state = typeof req.query.state === 'string' ? req.query.state : '';
    const cookieState = /(?:^|;\s*)pe_sso=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const login = state && state === cookieState ? await this.logins.take(state) : null;
    if (!login) return res.redirect(302, '/login?sso=failed');
    try {
      const client = await loadClient();
      const current = new URL(req.originalUrl, this.origin.of(req));
      const tokens = await client.authorizationCodeGrant(await this.configuration(), current, {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: login.state,
        expectedNonce: login.nonce,
      });
      const user = await this.userFor(tokens.claims() as Claims | undefined);
      if (user.disabled) return res.redirect(302, '/login?sso=disabled');
      await this.auth.startSession(user.id, 'sso', req, res);
      res.redirect(302, login.returnTo);
    } catch (error) {
      this.logger.warn({ err: error }, 'single sign-on failed');
      res.redirect(302, '/login?sso=failed');
    }
  }

  /** The user of this subject, or a new one: staff, or admin when `groups` holds OIDC_ADMIN_GROUP. */
  private async userFor(claims: Claims | undefined): Promise<UserEntity> {
    if (!claims || typeof claims.sub !== 'string') throw new Error('the ID token has no subject');
    const subject = `${this.config.OIDC_ISSUER_URL} ${claims.sub}`;
    const known = await this.users.findBySubject(subject);
    if (known) return this.withEmail(await this.withGroupRole(known, claims), claims);
    const role = this.inAdminGroup(claims) ? 'admin' : 'staff';
    const base = loginFromClaims(claims);
    const displayName = (typeof claims.name === 'string' && claims.name.trim()) || base;
    for (let n = 1; n <= 20; n++) {
      const login = n === 1 ? base : `${base.slice(0, AUTH_LIMITS.loginMax - 3)}-${n}`;
      const created = await this.users.create(null, {
        login,
        displayName: displayName.slice(0, AUTH_LIMITS.displayNameMax),
        role,
        passwordHash: null,
        mustChangePassword: false,
        oidcSubject: subject,
        email: emailFromClaims(claims),
      });
      if (typeof created !== 'string') return created;
      if (created !== 'login-taken') break;
    }
    throw new Error('no free login for the single sign-on user');
  }

  private inAdminGroup(claims: Claims): boolean {
    const groups = Array.isArray(claims.groups) ? claims.groups : [];
    return !!this.config.OIDC_ADMIN_GROUP && groups.includes(this.config.OIDC_ADMIN_GROUP);
  }

  /**
   * With OIDC_ADMIN_GROUP set, the provider's group decides who is admin at every sign-in, so that
   * taking someone out of the group takes their admin rights too: joining it makes an admin, leaving
   * it makes a staff member. Viewer and staff, which the group does not speak of, stay the admins'
   * choice on `Пользователи`. The last active admin is not demoted (as on `Пользователи`).
   */
  private async withGroupRole(user: UserEntity, claims: Claims): Promise<UserEntity> {
    if (!this.config.OIDC_ADMIN_GROUP || user.disabled) return user;
    const admin = this.inAdminGroup(claims);
    if (admin === (user.role === 'admin')) return user;
    const updated = await this.users.update(null, user.id, { role: admin ? 'admin' : 'staff' }, 'sso');
    if (updated === 'last-admin') this.logger.warn(`"${user.login}" left ${this.config.OIDC_ADMIN_GROUP} but stays admin: the last active admin`);
    return updated && typeof updated !== 'string' ? updated : user;
  }

  /** The provider's address is the user's (DESIGN §17): taken again at every sign-on when it changed. */
  private async withEmail(user: UserEntity, claims: Claims): Promise<UserEntity> {
    const email = emailFromClaims(claims);
    if (email === null || email === user.email || user.disabled) return user;
    const updated = await this.users.update(null, user.id, { email }, 'sso');
    return updated && typeof updated !== 'string' ? updated : user;
  }

  /** Discovery once per process; a failure is tried again on the next sign-in. */
  private configuration(): Promise<Oidc.Configuration> {
    if (!this.discovered) {
      this.discovered = loadClient().then((client) => {
        const issuer = new URL(this.config.OIDC_ISSUER_URL!);
        // Plain HTTP only to a provider on this machine (a test's or a developer's), never over a network.
        const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
        return client.discovery(issuer, this.config.OIDC_CLIENT_ID!, this.config.OIDC_CLIENT_SECRET!, undefined, local ? { execute: [client.allowInsecureRequests] } : undefined);
      });
      this.discovered.catch(() => (this.discovered = undefined));
    }
    return this.discovered;
  }

  /** PUBLIC_URL's when set: what the provider has registered, whatever Host the proxy passes on. */
  private callbackUrl(req: Request): string {
    return `${this.origin.of(req)}${CALLBACK}`;
  }
}

/** The ID token's `email`, when it is an address (and not marked unverified). */
function emailFromClaims(claims: Claims): string | null {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  return email && claims.email_verified !== false && isEmailAddress(email) ? email : null;
}

/** A login from the claims: preferred_username, else the e-mail, else the subject; made to fit our rules. */
function loginFromClaims(claims: Claims): string {
  const raw = [claims.preferred_username, claims.email, claims.sub].find((v) => typeof v === 'string' && v.trim()) as string;
  const cleaned = raw.trim().replace(/[^\p{L}\p{N}._@-]+/gu, '_').slice(0, AUTH_LIMITS.loginMax);
  return cleaned.length >= AUTH_LIMITS.loginMin ? cleaned : `sso_${cleaned}`;
}
