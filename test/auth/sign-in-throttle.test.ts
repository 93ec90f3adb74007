import request from 'supertest';
import { AUTH_ERR } from '@app/contracts';
import { uniqueLogin, userWithRole } from '../support/auth';
import { sql } from '../support/inspect';
import { apiUrl } from '../support/test-env';

/**
 * The sign-in throttle under parallel attempts (DESIGN §13). Requests carry addresses of the test's
 * own (the API trusts the loopback proxy's X-Forwarded-For), so the run's other sign-ins from
 * 127.0.0.1 are never held up.
 */
let addressSeq = 0;
const freshAddress = () => `198.18.${Math.floor(addressSeq / 250) % 250}.${(addressSeq++ % 250) + 1}`;
const signIn = (login: string, password: string, address = freshAddress()) =>
  request(apiUrl()).post('/api/auth/sign-in').set('X-Forwarded-For', address).send({ login, password });
const statuses = (answers: request.Response[]) => answers.map((r) => r.status).sort();

describe('sign-in throttle: check and count are one step', () => {
  afterAll(async () => {
    await sql(`DELETE FROM sign_in_failures WHERE address LIKE '198.18.%'`);
  });

  it('30 parallel wrong passwords for one login: ten are answered 401, the rest 429, and then the right password too', async () => {
    const staff = await userWithRole('staff');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(staff.login, `guess-${i}`)));
    expect(statuses(answers)).toEqual([...Array(10).fill(401), ...Array(20).fill(429)]);
    for (const limited of answers.filter((r) => r.status === 429)) expect(limited.body).toEqual({ error: AUTH_ERR.tooManySignIns(15) });
    expect((await signIn(staff.login, staff.password).expect(429)).body).toEqual({ error: AUTH_ERR.tooManySignIns(15) });
    // Ten failures counted, each with its audit event; the refused attempts count for nothing.
    expect(await sql(`SELECT 1 FROM sign_in_failures WHERE login = lower($1)`, [staff.login])).toHaveLength(10);
    expect(await sql(`SELECT 1 FROM audit_events WHERE action = 'auth.sign-in-failed' AND user_id = $1`, [staff.user.id])).toHaveLength(10);
  });

  it('30 parallel sign-ins from one address with different logins: ten are answered 401, the rest 429, and then a right password too', async () => {
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 30 }, () => signIn(uniqueLogin('guess'), 'whatever', address)));
    expect(statuses(answers)).toEqual([...Array(10).fill(401), ...Array(20).fill(429)]);
    const staff = await userWithRole('staff');
    expect((await signIn(staff.login, staff.password, address).expect(429)).body).toEqual({ error: AUTH_ERR.tooManySignIns(15) });
    await signIn(staff.login, staff.password).expect(200);
  });

  it('right passwords in parallel all sign in, and leave no failure behind', async () => {
    const staff = await userWithRole('staff');
    const answers = await Promise.all(Array.from({ length: 8 }, () => signIn(staff.login, staff.password)));
    expect(statuses(answers)).toEqual(Array(8).fill(200));
    expect(await sql(`SELECT 1 FROM sign_in_failures WHERE login = lower($1)`, [staff.login])).toHaveLength(0);
  });

  it('a wrong current password on password change counts as a failure of the login, here and at sign-in', async () => {
    const staff = await userWithRole('staff');
    const change = (current: string) =>
      request(apiUrl()).post('/api/auth/password').set('Cookie', staff.cookie).set('X-Forwarded-For', freshAddress()).send({ current, next: 'another-password' });
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => change(`guess-${i}`)));
    expect(statuses(answers)).toEqual([...Array(10).fill(400), ...Array(5).fill(429)]);
    expect(answers.find((r) => r.status === 400)!.body).toEqual({ error: AUTH_ERR.wrongCurrentPassword });
    expect((await change(staff.password).expect(429)).body).toEqual({ error: AUTH_ERR.tooManySignIns(15) });
    await signIn(staff.login, staff.password).expect(429);
    const [event] = await sql<{ details: Record<string, unknown> }>(`SELECT details FROM audit_events WHERE action = 'auth.sign-in-failed' AND user_id = $1 LIMIT 1`, [staff.user.id]);
    expect(event.details).toMatchObject({ login: staff.login, during: 'password-change' });
    // Once the window has passed, the right current password changes it.
    await sql(`UPDATE sign_in_failures SET at = at - interval '16 minutes' WHERE login = lower($1)`, [staff.login]);
    await change(staff.password).expect(200);
  });
});
