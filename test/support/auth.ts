import request from 'supertest';
import type { Role, User } from '@app/contracts';
import { DEFAULT_ADMIN_LOGIN, signInCookie } from '../../scripts/sign-in';
import { testEnv } from './test-env';

export { DEFAULT_ADMIN_LOGIN, signInCookie };

/** `Authorization` of the run's admin: a personal token made once by global setup (test-env.json). */
export const adminAuthorization = (): string => `Bearer ${testEnv().adminToken}`;

/** A supertest agent on `url` that sends `headers` with every call. */
export function agentWith(url: string, headers: Record<string, string>) {
  const agent = request.agent(url);
  for (const [name, value] of Object.entries(headers)) agent.set(name, value);
  return agent;
}

const adminCookies = new Map<string, string>();

/**
 * An agent signed in as the first admin of another world's API (its own database, so the run's
 * token means nothing there): one sign-in per URL, as `admin` (its ADMIN_USER / ADMIN_PASSWORD,
 * the defaults unless production's refusal of them made it set others).
 */
export async function adminAt(url: string, admin: { login: string; password: string } = DEFAULT_ADMIN_LOGIN) {
  if (!adminCookies.has(url)) adminCookies.set(url, await signInCookie(url, admin.login, admin.password));
  return signedInAt(url);
}

/** The agent of an API adminAt(url) signed in to; else the run's admin token (an API on the run's database). */
export function signedInAt(url: string) {
  const cookie = adminCookies.get(url);
  return cookie ? agentWith(url, { Cookie: cookie }) : agentWith(url, { Authorization: adminAuthorization() });
}

let seq = 0;
/** A login no other test of the run uses. */
export const uniqueLogin = (prefix: string): string => `${prefix}-${testEnv().runId}-${++seq}-${Math.random().toString(36).slice(2, 6)}`;

export interface TestUser {
  user: User;
  login: string;
  password: string;
  /** `pe_session=…` of a signed-in session. */
  cookie: string;
  /** A supertest agent signed in with that session. */
  agent: () => request.Agent;
}

/**
 * A user of `role` made by the run's admin, signed in, with the temporary password already changed
 * (unless `temporary`), so it can call the API at once.
 */
export async function userWithRole(role: Role, options: { temporary?: boolean; displayName?: string } = {}): Promise<TestUser> {
  const url = testEnv().apiUrl;
  const login = uniqueLogin(role);
  const temporary = `temp-${Math.random().toString(36).slice(2)}`;
  const created = await agentWith(url, { Authorization: adminAuthorization() })
    .post('/api/users')
    .send({ login, role, password: temporary, displayName: options.displayName ?? `Тест ${role}` })
    .expect(201);
  let cookie = await signInCookie(url, login, temporary);
  let password = temporary;
  if (!options.temporary) {
    password = `pass-${Math.random().toString(36).slice(2)}`;
    await request(url).post('/api/auth/password').set('Cookie', cookie).send({ current: temporary, next: password }).expect(200);
    cookie = await signInCookie(url, login, password);
  }
  const user = { ...(created.body as User), mustChangePassword: !!options.temporary };
  return { user, login, password, cookie, agent: () => agentWith(url, { Cookie: cookie }) };
}
