import request from 'supertest';
import { AUTH_ERR, type User } from '@app/contracts';
import { api } from '../support/api-client';
import { agentWith, signInCookie, uniqueLogin, userWithRole } from '../support/auth';
import { sql } from '../support/inspect';
import { apiUrl } from '../support/test-env';

describe('users (admins, DESIGN §13)', () => {
  it('creates a user with a temporary password, lists them with role, last sign-in and state', async () => {
    const login = uniqueLogin('Ivan');
    const created = await api().post('/api/users').send({ login: `  ${login} `, displayName: ' Иван Сидоров ', role: 'viewer', password: 'temporary-1' }).expect(201);
    expect(created.body).toMatchObject({ login, displayName: 'Иван Сидоров', role: 'viewer', disabled: false, mustChangePassword: true, lastSignInAt: null, sso: false });
    expect(created.body).not.toHaveProperty('passwordHash');
    const [row] = await sql<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [created.body.id]);
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row.password_hash).not.toContain('temporary-1');

    await signInCookie(apiUrl(), login.toLowerCase(), 'temporary-1');
    const listed = ((await api().get('/api/users').expect(200)).body as User[]).find((u) => u.id === created.body.id)!;
    expect(listed.lastSignInAt).not.toBeNull();
    expect(Date.now() - Date.parse(listed.lastSignInAt!)).toBeLessThan(60_000);
  });

  it('refuses a login taken in any case, and bad fields with a Russian 400; writes nothing', async () => {
    const login = uniqueLogin('taken');
    await api().post('/api/users').send({ login, role: 'staff', password: 'temporary-1' }).expect(201);
    const before = await sql('SELECT id FROM users');
    expect((await api().post('/api/users').send({ login: login.toUpperCase(), role: 'staff', password: 'temporary-1' }).expect(409)).body).toEqual({ error: AUTH_ERR.loginTaken });
    const bad: [Record<string, unknown>, string][] = [
      [{ login: 'ab', role: 'staff', password: 'temporary-1' }, `Поле «login»: ${AUTH_ERR.loginInvalid(3, 100)}`],
      [{ login: 'has space', role: 'staff', password: 'temporary-1' }, `Поле «login»: ${AUTH_ERR.loginInvalid(3, 100)}`],
      [{ login: uniqueLogin('x'), role: 'boss', password: 'temporary-1' }, `Поле «role»: ${AUTH_ERR.roleInvalid}`],
      [{ login: uniqueLogin('x'), role: 'staff', password: 'short' }, `Поле «password»: ${AUTH_ERR.passwordLength(8, 200)}`],
      [{ login: uniqueLogin('x'), role: 'staff' }, `Поле «password»: ${AUTH_ERR.passwordLength(8, 200)}`],
    ];
    for (const [body, error] of bad) expect((await api().post('/api/users').send(body).expect(400)).body).toEqual({ error });
    expect(await sql('SELECT id FROM users')).toHaveLength(before.length);
  });

  it('keeps an e-mail address for notices (DESIGN §17): set when created or changed by an admin, cleared with null, in the journal', async () => {
    const login = uniqueLogin('mail');
    const created = (await api().post('/api/users').send({ login, role: 'staff', password: 'temporary-1', email: 'Anna@Shop.Example' }).expect(201)).body as User;
    expect(created.email).toBe('Anna@shop.example');
    expect((await api().post('/api/users').send({ login: uniqueLogin('x'), role: 'staff', password: 'temporary-1', email: 'anna' }).expect(400)).body).toEqual({ error: 'Поле «email»: ожидается адрес электронной почты или null' });
    const changed = (await api().patch(`/api/users/${created.id}`).send({ email: 'anna.p@shop.example' }).expect(200)).body as User;
    expect(changed.email).toBe('anna.p@shop.example');
    expect(((await api().patch(`/api/users/${created.id}`).send({ email: null }).expect(200)).body as User).email).toBeNull();
    const events = await sql<{ details: Record<string, unknown> }>(`SELECT details FROM audit_events WHERE action = 'user.update' AND details->>'userId' = $1 ORDER BY id`, [created.id]);
    expect(events.map((e) => e.details.email)).toEqual([{ from: 'Anna@shop.example', to: 'anna.p@shop.example' }, { from: 'anna.p@shop.example', to: null }]);
  });

  it('changes a role and a display name, disables and enables; 404 for no such user', async () => {
    const staff = await userWithRole('staff');
    const changed = await api().patch(`/api/users/${staff.user.id}`).send({ role: 'viewer', displayName: 'Только смотрит' }).expect(200);
    expect(changed.body).toMatchObject({ role: 'viewer', displayName: 'Только смотрит' });
    // The role is read on every call: the open session is a viewer's at once.
    expect((await staff.agent().post('/api/tasks').send({ name: 'x' }).expect(403)).body).toEqual({ error: AUTH_ERR.forbidden });
    expect((await api().patch(`/api/users/${staff.user.id}`).send({ disabled: true }).expect(200)).body.disabled).toBe(true);
    expect((await api().patch(`/api/users/${staff.user.id}`).send({ disabled: false }).expect(200)).body.disabled).toBe(false);
    expect((await api().patch('/api/users/00000000-0000-4000-8000-000000000000').send({ role: 'staff' }).expect(404)).body).toEqual({ error: AUTH_ERR.userNotFound });
    expect((await api().patch(`/api/users/${staff.user.id}`).send({ login: 'new' }).expect(400)).body.error).toMatch(/неизвестные поля: login/);
  });

  it('keeps at least one active admin: the last cannot be demoted or disabled, even by two admins at once', async () => {
    const admins = ((await api().get('/api/users').expect(200)).body as User[]).filter((u) => u.role === 'admin' && !u.disabled && u.login !== 'admin');
    for (const other of admins) await api().patch(`/api/users/${other.id}`).send({ disabled: true }).expect(200);
    const me = ((await api().get('/api/auth/me').expect(200)).body as { user: User }).user;
    const before = await sql('SELECT count(*)::int AS n FROM audit_events');
    expect((await api().patch(`/api/users/${me.id}`).send({ role: 'staff' }).expect(409)).body).toEqual({ error: AUTH_ERR.lastAdmin });
    expect((await api().patch(`/api/users/${me.id}`).send({ disabled: true }).expect(409)).body).toEqual({ error: AUTH_ERR.lastAdmin });
    expect(await sql('SELECT count(*)::int AS n FROM audit_events')).toEqual(before);

    // Two admins demote each other at the same moment: exactly one of them stays admin.
    const second = await userWithRole('admin');
    const first = () => api();
    const results = await Promise.all([
      first().patch(`/api/users/${second.user.id}`).send({ role: 'staff' }),
      second.agent().patch(`/api/users/${me.id}`).send({ role: 'staff' }),
    ]);
    // The loser is refused as the last admin (409), or, when the winner committed before its call
    // was checked, as no admin any more (403).
    const [won, lost] = results[0].status === 200 ? results : [results[1], results[0]];
    expect(won.status).toBe(200);
    expect([403, 409]).toContain(lost.status);
    const roles = await sql<{ role: string }>('SELECT role FROM users WHERE id = ANY($1)', [[me.id, second.user.id]]);
    expect(roles.filter((r) => r.role === 'admin')).toHaveLength(1);
    // Put the run's admin back if it was the one demoted (its token acts with its role).
    if (results[1].status === 200) await second.agent().patch(`/api/users/${me.id}`).send({ role: 'admin' }).expect(200);
    await api().get('/api/users').expect(200);
  });

  it('an admin’s new password for a user is temporary again', async () => {
    const staff = await userWithRole('staff');
    await api().patch(`/api/users/${staff.user.id}`).send({ password: 'given-by-admin' }).expect(200);
    const cookie = await signInCookie(apiUrl(), staff.login, 'given-by-admin');
    expect((await request(apiUrl()).get('/api/tasks').set('Cookie', cookie).expect(403)).body).toEqual({ error: AUTH_ERR.mustChangePassword });
    await agentWith(apiUrl(), { Cookie: cookie }).post('/api/auth/password').send({ current: 'given-by-admin', next: 'my-own-password' }).expect(200);
    await request(apiUrl()).get('/api/tasks?view=summary').set('Cookie', cookie).expect(200);
  });
});
