import { createHash } from 'node:crypto';
import request from 'supertest';
import { AUTH_ERR, SESSION_COOKIE, type MeResponse } from '@app/contracts';
import { api } from '../support/api-client';
import { uniqueLogin, userWithRole } from '../support/auth';
import { sql } from '../support/inspect';
import { apiUrl, testEnv } from '../support/test-env';
import { startApi } from '../support/app-runner';

/** Sign-in from an address of the test's own (the API trusts the loopback proxy's X-Forwarded-For), so the run's other sign-ins from 127.0.0.1 are never throttled. */
let addressSeq = 0;
const freshAddress = () => `198.51.100.${(++addressSeq % 250) + 1}`;
const signIn = (login: string, password: string, address = freshAddress()) =>
  request(apiUrl()).post('/api/auth/sign-in').set('X-Forwarded-For', address).send({ login, password });
const cookieOf = (res: request.Response): string => (res.headers['set-cookie'] as unknown as string[])[0];
const pairOf = (res: request.Response): string => cookieOf(res).split(';')[0];
const sessionId = (pair: string) => createHash('sha256').update(pair.slice(SESSION_COOKIE.length + 1)).digest('hex');
const me = (pair: string) => request(apiUrl()).get('/api/auth/me').set('Cookie', pair);

describe('sessions (DESIGN §13)', () => {
  it('signs in with a pe_session cookie (httpOnly, SameSite=Lax, Secure only over HTTPS) and answers me', async () => {
    const staff = await userWithRole('staff', { displayName: 'Анна Петрова' });
    const res = await signIn(staff.login, staff.password).expect(200);
    expect((res.body as MeResponse).user).toMatchObject({ login: staff.login, displayName: 'Анна Петрова', role: 'staff', mustChangePassword: false, disabled: false, sso: false });
    const cookie = cookieOf(res);
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    expect((await me(pairOf(res)).expect(200)).body.user.login).toBe(staff.login);
    // The login is case-insensitive; behind a trusted HTTPS proxy the cookie is Secure.
    const https = await signIn(staff.login.toUpperCase(), staff.password).set('X-Forwarded-Proto', 'https').expect(200);
    expect(cookieOf(https)).toMatch(/; Secure/);
    // Only a hash of the cookie is stored.
    const stored = await sql<{ id: string }>('SELECT id FROM sessions WHERE id = $1', [sessionId(pairOf(res))]);
    expect(stored).toHaveLength(1);
    expect(await sql('SELECT 1 FROM sessions WHERE id = $1', [pairOf(res).slice(SESSION_COOKIE.length + 1)])).toHaveLength(0);
  });

  it('answers a wrong password and an unknown login alike', async () => {
    // That both do the same work (one scrypt of the same cost) is checked without a clock in
    // apps/api/src/auth/auth.service.spec.ts and password-hasher.spec.ts.
    const staff = await userWithRole('staff');
    const wrong = await signIn(staff.login, 'not-the-password').expect(401);
    const unknown = await signIn(uniqueLogin('nobody'), 'not-the-password').expect(401);
    expect(wrong.body).toEqual({ error: AUTH_ERR.badCredentials });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('every /api call but health and sign-in needs a session: 401 Войдите в систему', async () => {
    for (const [method, path] of [['get', '/api/tasks'], ['post', '/api/tasks'], ['get', '/api/auth/me'], ['get', '/api/profiles'], ['get', '/api/auth/tokens']] as const) {
      const res = await request(apiUrl())[method](path).expect(401);
      expect(res.body).toEqual({ error: AUTH_ERR.signInRequired });
    }
    await request(apiUrl()).get('/api/health').expect(200);
    await request(apiUrl()).get('/api/auth/options').expect(200, { sso: null });
    const forged = await request(apiUrl()).get('/api/tasks').set('Cookie', `${SESSION_COOKIE}=forged`).expect(401);
    expect(forged.body).toEqual({ error: AUTH_ERR.signInRequired });
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const staff = await userWithRole('staff');
    const res = await request(apiUrl()).post('/api/auth/sign-out').set('Cookie', staff.cookie).expect(204);
    expect(cookieOf(res)).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`));
    await me(staff.cookie).expect(401);
    // Signing out twice, or without a session, is no error.
    await request(apiUrl()).post('/api/auth/sign-out').set('Cookie', staff.cookie).expect(204);
  });

  it('ends a session idle for 12 hours, and any session after 7 days', async () => {
    const staff = await userWithRole('staff');
    const idle = pairOf(await signIn(staff.login, staff.password).expect(200));
    const old = pairOf(await signIn(staff.login, staff.password).expect(200));
    await sql(`UPDATE sessions SET last_seen_at = now() - interval '11 hours 50 minutes' WHERE id = $1`, [sessionId(idle)]);
    await me(idle).expect(200);
    await sql(`UPDATE sessions SET last_seen_at = now() - interval '12 hours 1 minute' WHERE id = $1`, [sessionId(idle)]);
    await me(idle).expect(401);
    await sql(`UPDATE sessions SET created_at = now() - interval '7 days 1 minute' WHERE id = $1`, [sessionId(old)]);
    await me(old).expect(401);
  });

  it('a temporary password: me says so, every call but /api/auth/* answers 403 until it is changed', async () => {
    const fresh = await userWithRole('staff', { temporary: true });
    expect((await me(fresh.cookie).expect(200)).body.user.mustChangePassword).toBe(true);
    for (const [method, path] of [['get', '/api/tasks'], ['post', '/api/tasks'], ['get', '/api/profiles']] as const) {
      expect((await request(apiUrl())[method](path).set('Cookie', fresh.cookie).expect(403)).body).toEqual({ error: AUTH_ERR.mustChangePassword });
    }
    await request(apiUrl()).get('/api/auth/tokens').set('Cookie', fresh.cookie).expect(200);
    const same = await request(apiUrl()).post('/api/auth/password').set('Cookie', fresh.cookie).send({ current: fresh.password, next: fresh.password }).expect(400);
    expect(same.body).toEqual({ error: AUTH_ERR.samePassword });
    const changed = await request(apiUrl()).post('/api/auth/password').set('Cookie', fresh.cookie).send({ current: fresh.password, next: 'a-new-password' }).expect(200);
    expect(changed.body.user.mustChangePassword).toBe(false);
    await request(apiUrl()).get('/api/tasks?view=summary').set('Cookie', fresh.cookie).expect(200);
    await signIn(fresh.login, fresh.password).expect(401);
    await signIn(fresh.login, 'a-new-password').expect(200);
  });

  it('changing one’s password needs the current one and ends the other sessions, keeping this one', async () => {
    const staff = await userWithRole('staff');
    const other = pairOf(await signIn(staff.login, staff.password).expect(200));
    const wrong = await request(apiUrl()).post('/api/auth/password').set('Cookie', staff.cookie).send({ current: 'wrong', next: 'another-password' }).expect(400);
    expect(wrong.body).toEqual({ error: AUTH_ERR.wrongCurrentPassword });
    const short = await request(apiUrl()).post('/api/auth/password').set('Cookie', staff.cookie).send({ current: staff.password, next: 'short' }).expect(400);
    expect(short.body).toEqual({ error: `Поле «next»: ${AUTH_ERR.passwordLength(8, 200)}` });
    await me(other).expect(200);
    await request(apiUrl()).post('/api/auth/password').set('Cookie', staff.cookie).send({ current: staff.password, next: 'another-password' }).expect(200);
    await me(staff.cookie).expect(200);
    await me(other).expect(401);
  });

  it('disabling a user or resetting their password ends their sessions at once', async () => {
    const staff = await userWithRole('staff');
    await me(staff.cookie).expect(200);
    await api().patch(`/api/users/${staff.user.id}`).send({ disabled: true }).expect(200);
    await me(staff.cookie).expect(401);
    await signIn(staff.login, staff.password).expect(401);
    await api().patch(`/api/users/${staff.user.id}`).send({ disabled: false }).expect(200);
    const again = pairOf(await signIn(staff.login, staff.password).expect(200));
    await api().patch(`/api/users/${staff.user.id}`).send({ password: 'reset-by-admin' }).expect(200);
    await me(again).expect(401);
    const temp = pairOf(await signIn(staff.login, 'reset-by-admin').expect(200));
    expect((await me(temp).expect(200)).body.user.mustChangePassword).toBe(true);
  });

  it('10 failures for one login in 15 minutes → 429 with the minutes to wait, even for the right password', async () => {
    const staff = await userWithRole('staff');
    for (let i = 0; i < 10; i++) await signIn(staff.login, `guess-${i}`).expect(401);
    const limited = await signIn(staff.login, staff.password).expect(429);
    expect(limited.body).toEqual({ error: AUTH_ERR.tooManySignIns(15) });
    // Another login from the same addresses is not held up by this one's failures.
    const other = await userWithRole('staff');
    await signIn(other.login, other.password).expect(200);
    // As the oldest failures leave the window, the login may try again.
    await sql(`UPDATE sign_in_failures SET at = at - interval '10 minutes' WHERE login = lower($1)`, [staff.login]);
    expect((await signIn(staff.login, staff.password).expect(429)).body).toEqual({ error: AUTH_ERR.tooManySignIns(5) });
    await sql(`UPDATE sign_in_failures SET at = at - interval '6 minutes' WHERE login = lower($1)`, [staff.login]);
    await signIn(staff.login, staff.password).expect(200);
  });

  it('10 failures from one address in 15 minutes → 429 for every login from it, shared by all API replicas', async () => {
    const address = '203.0.113.77';
    const { appEnv, logDir } = testEnv();
    const replica = await startApi('api-replica', appEnv, logDir);
    try {
      const at = (url: string, login: string, password: string) =>
        request(url).post('/api/auth/sign-in').set('X-Forwarded-For', address).send({ login, password });
      // Five failures at each of two API processes: the count lives in PostgreSQL, so both see ten.
      for (let i = 0; i < 10; i++) await at(i % 2 ? replica.url : apiUrl(), uniqueLogin('guess'), 'whatever').expect(401);
      const staff = await userWithRole('staff');
      expect((await at(apiUrl(), staff.login, staff.password).expect(429)).body).toEqual({ error: AUTH_ERR.tooManySignIns(15) });
      expect((await at(replica.url, staff.login, staff.password).expect(429)).body).toEqual({ error: AUTH_ERR.tooManySignIns(15) });
      await signIn(staff.login, staff.password, '203.0.113.78').expect(200);
    } finally {
      await replica.stop();
      await sql(`DELETE FROM sign_in_failures WHERE address = $1`, [address]);
    }
  });
});
