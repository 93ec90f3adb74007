import request from 'supertest';
import { AUTH_ERR } from '@app/contracts';
import { startApi } from '../support/app-runner';
import { uniqueLogin, userWithRole } from '../support/auth';
import { sql } from '../support/inspect';
import { testEnv } from '../support/test-env';

/** APIs of the run's database with other TRUST_PROXY and PUBLIC_URL than the run's own (loopback, unset). */
type Api = Awaited<ReturnType<typeof startApi>>;
const ADDRESSES = ['203.0.113.201', '203.0.113.202', '203.0.113.203', '10.9.9.9'];
const cookieOf = (res: request.Response): string => (res.headers['set-cookie'] as unknown as string[])[0];
const lastSignInAddress = async (userId: string) =>
  (await sql<{ address: string }>(`SELECT details->>'address' AS address FROM audit_events WHERE action = 'auth.sign-in' AND user_id = $1 ORDER BY id DESC LIMIT 1`, [userId]))[0]
    .address;

describe('TRUST_PROXY and PUBLIC_URL', () => {
  let oneHop: Api;
  let otherProxy: Api;

  beforeAll(async () => {
    const { appEnv, logDir } = testEnv();
    // The one proxy in front, whatever its address (here the test itself, on loopback).
    oneHop = await startApi('api-trust-one-hop', { ...appEnv, TRUST_PROXY: '1' }, logDir);
    // A proxy elsewhere: loopback is no longer believed; users open https://prices.example.com.
    otherProxy = await startApi('api-trust-other', { ...appEnv, TRUST_PROXY: '10.0.0.0/8', PUBLIC_URL: 'https://prices.example.com' }, logDir);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([oneHop?.stop(), otherProxy?.stop()]);
    await sql(`DELETE FROM sign_in_failures WHERE address = ANY($1)`, [ADDRESSES]);
  });

  it("a trusted proxy's X-Forwarded-For decides the throttled address, and its X-Forwarded-Proto https a Secure cookie", async () => {
    const [blocked, free] = ADDRESSES;
    const at = (address: string, login: string, password: string) =>
      // The client's own claim in front (10.9.9.9) is not the proxy's word: one hop is trusted, not two.
      request(oneHop.url).post('/api/auth/sign-in').set('X-Forwarded-For', `10.9.9.9, ${address}`).send({ login, password });
    for (let i = 0; i < 10; i++) await at(blocked, uniqueLogin('guess'), 'whatever').expect(401);
    const staff = await userWithRole('staff');
    expect((await at(blocked, staff.login, staff.password).expect(429)).body).toEqual({ error: AUTH_ERR.tooManySignIns(15) });
    expect(await sql(`SELECT 1 FROM sign_in_failures WHERE address = '10.9.9.9'`)).toHaveLength(0);

    const plain = await at(free, staff.login, staff.password).expect(200);
    expect(cookieOf(plain)).not.toMatch(/Secure/);
    expect(await lastSignInAddress(staff.user.id)).toBe(free);
    const https = await at(free, staff.login, staff.password).set('X-Forwarded-Proto', 'https').expect(200);
    expect(cookieOf(https)).toMatch(/; Secure/);
  });

  it('an untrusted peer is its own address whatever it says; PUBLIC_URL https makes the cookie Secure over plain HTTP', async () => {
    const staff = await userWithRole('staff');
    const res = await request(otherProxy.url)
      .post('/api/auth/sign-in')
      .set('X-Forwarded-For', ADDRESSES[2])
      .set('X-Forwarded-Proto', 'http')
      .send({ login: staff.login, password: staff.password })
      .expect(200);
    expect(cookieOf(res)).toMatch(/; Secure/);
    expect(await lastSignInAddress(staff.user.id)).toBe('127.0.0.1');
  });
});
