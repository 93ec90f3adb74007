import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import request from 'supertest';
import { AUTH_ERR, type AuditPage, type MeResponse } from '@app/contracts';
import { freePort } from '../../scripts/app-processes';
import { api } from '../support/api-client';
import { startApp, REPO_ROOT } from '../support/app-runner';
import { testEnv } from '../support/test-env';

/** Cookies per origin, as a browser keeps them (enough for two loopback servers). */
class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  header(url: URL): string {
    return [...(this.jars.get(url.origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  keep(url: URL, res: Response): void {
    const jar = this.jars.get(url.origin) ?? new Map<string, string>();
    this.jars.set(url.origin, jar);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
  }

  get(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }
}

/**
 * Drives the browser's part of the authorization code flow over HTTP: follows redirects, keeps
 * cookies, and submits the provider's sign-in and consent forms (its development pages) with
 * `login`. Returns the last answer that is not a redirect or a form, and every URL visited.
 */
async function browse(start: string, login: string, jar: CookieJar): Promise<{ res: Response; visited: string[] }> {
  const visited: string[] = [];
  let url = new URL(start);
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    visited.push(url.href);
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url) } });
    jar.keep(url, res);
    init = {};
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url);
      continue;
    }
    const body = res.headers.get('content-type')?.includes('text/html') ? await res.clone().text() : '';
    const form = /<form[^>]*action="([^"]+)"[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/i.exec(body);
    if (!form) return { res, visited };
    const fields = new URLSearchParams();
    for (const input of form[2].matchAll(/<input[^>]*name="([^"]+)"[^>]*>/g)) {
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
      fields.set(input[1], input[1] === 'login' ? login : input[1] === 'password' ? 'any' : value);
    }
    url = new URL(form[1].replace(/&amp;/g, '&'), url);
    init = { method: 'POST', body: fields.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error(`too many steps: ${visited.join(' → ')}`);
}

describe('single sign-on through a real OpenID Connect provider (authorization code + PKCE)', () => {
  let provider: ChildProcess;
  let apiUrl = '';
  /** Who has left the admin group at the provider (its left_file). */
  const leftFile = join(testEnv().logDir, 'oidc-left-group.json');
  const stops: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    const { appEnv, logDir } = testEnv();
    const [providerPort, apiPort] = [await freePort(), await freePort()];
    apiUrl = `http://127.0.0.1:${apiPort}`;
    provider = spawn(process.execPath, [join(REPO_ROOT, 'test/support/oidc-provider.mjs'), String(providerPort), 'price-export', 'sso-test-secret', `${apiUrl}/api/auth/oidc/callback`, leftFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Its start-up warnings (development keys, Node 20) are expected; its errors are shown.
    const errors: string[] = [];
    provider.stderr!.on('data', (chunk: Buffer) => errors.push(...chunk.toString().split('\n').filter((l) => l && !l.includes('WARNING'))));
    provider.on('exit', () => errors.length && process.stderr.write(`OIDC provider: ${errors.join('\n')}\n`));
    const [first] = await Promise.race([
      (async () => {
        for await (const line of createInterface({ input: provider.stdout! })) return [line];
        return [''];
      })(),
      new Promise<string[]>((_, reject) => setTimeout(() => reject(new Error('the OIDC provider did not start')), 20_000)),
    ]);
    const { issuer } = JSON.parse(first) as { issuer: string };
    // An API of the run's database with single sign-on configured, on the port the provider knows.
    const api = startApp('api', 'api-sso', {
      ...appEnv,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: 'price-export',
      OIDC_CLIENT_SECRET: 'sso-test-secret',
      OIDC_NAME: 'Корпоративный вход',
      OIDC_ADMIN_GROUP: 'pe-admins',
      // What the provider has registered, whatever Host a proxy passes on.
      PUBLIC_URL: apiUrl,
    }, logDir);
    stops.push(() => api.stop());
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      if ((await fetch(`${apiUrl}/api/health`).then((r) => r.status, () => 0)) === 200) return;
    }
    throw new Error('the API with single sign-on did not start');
  }, 90_000);

  afterAll(async () => {
    for (const stop of stops) await stop();
    provider?.kill('SIGTERM');
  });

  it('offers the button, signs a first-time user in as staff and returns where they were going', async () => {
    expect((await request(apiUrl).get('/api/auth/options').expect(200)).body).toEqual({ sso: { name: 'Корпоративный вход', url: '/api/auth/oidc/start' } });
    const login = `anna${Date.now()}`;
    const jar = new CookieJar();
    const { res, visited } = await browse(`${apiUrl}/api/auth/oidc/start?next=${encodeURIComponent('/task/abc?x=1')}`, login, jar);
    // Through the provider's authorization endpoint with a PKCE challenge, back to our callback, then to the page.
    const authorize = new URL(visited.find((u) => u.includes('/auth?'))!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(visited.some((u) => u.startsWith(`${apiUrl}/api/auth/oidc/callback?code=`))).toBe(true);
    expect(visited.at(-1)).toBe(`${apiUrl}/task/abc?x=1`);
    expect(res.status).toBe(200);

    const cookie = `pe_session=${jar.get(apiUrl, 'pe_session')}`;
    const me = (await request(apiUrl).get('/api/auth/me').set('Cookie', cookie).expect(200)).body as MeResponse;
    // DESIGN §17: the ID token's `email` is where the user's notices go.
    expect(me.user).toMatchObject({ login, displayName: `Сотрудник ${login}`, role: 'staff', sso: true, mustChangePassword: false, email: `${login}@example.com` });
    await request(apiUrl).post('/api/tasks').set('Cookie', cookie).send({ name: 'через SSO' }).expect(201);
    await request(apiUrl).get('/api/users').set('Cookie', cookie).expect(403);

    // The second sign-in finds the same user; the journal says how each one came in.
    const again = new CookieJar();
    await browse(`${apiUrl}/api/auth/oidc/start`, login, again);
    const second = (await request(apiUrl).get('/api/auth/me').set('Cookie', `pe_session=${again.get(apiUrl, 'pe_session')}`).expect(200)).body as MeResponse;
    expect(second.user.id).toBe(me.user.id);
    const events = (await api().get('/api/audit').query({ userId: me.user.id }).expect(200)).body as AuditPage;
    expect(events.events.map((e) => [e.action, e.details.via])).toEqual([
      ['auth.sign-in', 'sso'],
      ['task.create', undefined],
      ['auth.sign-in', 'sso'],
      ['user.create', 'sso'],
    ]);
  });

  it('makes a member of OIDC_ADMIN_GROUP an admin, at every sign-in; a disabled user is turned away', async () => {
    const login = `boss${Date.now()}`;
    const signedInAs = async (account: string) => {
      const jar = new CookieJar();
      await browse(`${apiUrl}/api/auth/oidc/start`, account, jar);
      return (await request(apiUrl).get('/api/auth/me').set('Cookie', `pe_session=${jar.get(apiUrl, 'pe_session')}`).expect(200)).body as MeResponse;
    };
    const me = await signedInAs(login);
    expect(me.user.role).toBe('admin');
    // Out of the group at the provider: staff at the next sign-in; back in it: admin again.
    writeFileSync(leftFile, JSON.stringify([login]));
    expect((await signedInAs(login)).user).toMatchObject({ id: me.user.id, role: 'staff' });
    writeFileSync(leftFile, '[]');
    expect((await signedInAs(login)).user).toMatchObject({ id: me.user.id, role: 'admin' });
    const changes = (await api().get('/api/audit').query({ action: 'user.update' }).expect(200)).body as AuditPage;
    const mine = changes.events.filter((e) => e.details.userId === me.user.id).map((e) => [e.user, e.details.role, e.details.via]);
    expect(mine).toEqual([
      [null, { from: 'staff', to: 'admin' }, 'sso'],
      [null, { from: 'admin', to: 'staff' }, 'sso'],
    ]);
    // Viewer and staff are the admins' choice: the group does not speak of them.
    await api().patch(`/api/users/${me.user.id}`).send({ role: 'viewer' }).expect(200);
    writeFileSync(leftFile, JSON.stringify([login]));
    expect((await signedInAs(login)).user.role).toBe('viewer');

    await api().patch(`/api/users/${me.user.id}`).send({ disabled: true }).expect(200);
    const turned = new CookieJar();
    const { visited } = await browse(`${apiUrl}/api/auth/oidc/start`, login, turned);
    expect(visited.at(-1)).toBe(`${apiUrl}/login?sso=disabled`);
    expect(turned.get(apiUrl, 'pe_session')).toBeUndefined();
  });

  it('refuses a callback that did not start in this browser (state), and a replayed one', async () => {
    const jar = new CookieJar();
    const start = await fetch(`${apiUrl}/api/auth/oidc/start`, { redirect: 'manual' });
    jar.keep(new URL(apiUrl), start);
    const authorize = new URL(start.headers.get('location')!);
    const stranger = await fetch(`${apiUrl}/api/auth/oidc/callback?code=x&state=${authorize.searchParams.get('state')}`, { redirect: 'manual' });
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get('location')).toBe('/login?sso=failed');
    expect(stranger.headers.getSetCookie().some((c) => c.startsWith('pe_session=') && !c.startsWith('pe_session=;'))).toBe(false);
    // An outside `next` never leaves the site.
    const outside = await fetch(`${apiUrl}/api/auth/oidc/start?next=//evil.example/x`, { redirect: 'manual' });
    expect(outside.status).toBe(302);
  });

  it('takes the redirect_uri from PUBLIC_URL, not from the Host a proxy passes on', async () => {
    const start = await request(apiUrl).get('/api/auth/oidc/start').set('Host', 'api-internal:8080').expect(302);
    expect(new URL(start.headers.location as string).searchParams.get('redirect_uri')).toBe(`${apiUrl}/api/auth/oidc/callback`);
  });

  it('without OIDC settings there is no button and the start answers 404', async () => {
    expect((await api().get('/api/auth/options').expect(200)).body).toEqual({ sso: null });
    expect((await api().get('/api/auth/oidc/start').expect(404)).body).toEqual({ error: AUTH_ERR.ssoNotConfigured });
  });
});
