import { SESSION_COOKIE } from '../libs/contracts/src/auth.contract';

/** The first admin a fresh database gets with the default ADMIN_USER / ADMIN_PASSWORD (tests, benchmark). */
export const DEFAULT_ADMIN_LOGIN = { login: 'admin', password: 'admin' } as const;

/**
 * Signs in through the API and gives the `pe_session=…` pair for a Cookie header; throws with the
 * API's answer when it refuses.
 */
export async function signInCookie(apiUrl: string, login: string, password: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${apiUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ login, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${login}: HTTP ${res.status} ${await res.text()}`);
  const pair = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!pair) throw new Error(`sign-in as ${login}: no ${SESSION_COOKIE} cookie`);
  return pair;
}

/**
 * A personal token of the user (`pe_…`), for scripts that call the API as they would: signs in and
 * creates the token, which then acts with that user's role (DESIGN §13).
 */
export async function personalToken(apiUrl: string, login: string, password: string, name: string): Promise<string> {
  const cookie = await signInCookie(apiUrl, login, password);
  const res = await fetch(`${apiUrl}/api/auth/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name }),
  });
  if (res.status !== 201) throw new Error(`token for ${login}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
