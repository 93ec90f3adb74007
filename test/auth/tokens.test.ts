import { createHash } from 'node:crypto';
import request from 'supertest';
import { AUTH_ERR, type ApiTokenInfo, type CreatedApiToken } from '@app/contracts';
import { api } from '../support/api-client';
import { userWithRole } from '../support/auth';
import { sql } from '../support/inspect';
import { apiUrl } from '../support/test-env';

const withToken = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('personal tokens (DESIGN §13)', () => {
  it('creates a named token shown once, stored hashed, acting with its owner’s role', async () => {
    const staff = await userWithRole('staff');
    const created = (await staff.agent().post('/api/auth/tokens').send({ name: ' cron: выгрузка ' }).expect(201)).body as CreatedApiToken;
    expect(created).toMatchObject({ name: 'cron: выгрузка' });
    expect(created.token).toMatch(/^pe_[A-Za-z0-9_-]{43}$/);

    const listed = (await staff.agent().get('/api/auth/tokens').expect(200)).body as ApiTokenInfo[];
    expect(listed).toEqual([{ id: created.id, name: 'cron: выгрузка', createdAt: expect.any(String), lastUsedAt: null }]);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    const [row] = await sql<{ token_hash: string }>('SELECT token_hash FROM api_tokens WHERE id = $1', [created.id]);
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));

    const task = await request(apiUrl()).post('/api/tasks').set(withToken(created.token)).send({ name: 'из скрипта' }).expect(201);
    expect((await request(apiUrl()).get('/api/users').set(withToken(created.token)).expect(403)).body).toEqual({ error: AUTH_ERR.forbidden });
    expect(((await staff.agent().get('/api/auth/tokens').expect(200)).body as ApiTokenInfo[])[0].lastUsedAt).not.toBeNull();
    const [event] = await sql<{ user_id: string }>(`SELECT user_id FROM audit_events WHERE action = 'task.create' AND task_id = $1`, [task.body.id]);
    expect(event.user_id).toBe(staff.user.id);

    // The owner's role as it is now: demoted to viewer, the token may only read.
    await api().patch(`/api/users/${staff.user.id}`).send({ role: 'viewer' }).expect(200);
    await request(apiUrl()).post('/api/tasks').set(withToken(created.token)).send({ name: 'x' }).expect(403);
    await request(apiUrl()).get('/api/tasks?view=summary').set(withToken(created.token)).expect(200);
  });

  it('a revoked token, or one of a disabled user, signs nobody in', async () => {
    const staff = await userWithRole('staff');
    const a = (await staff.agent().post('/api/auth/tokens').send({ name: 'a' }).expect(201)).body as CreatedApiToken;
    const b = (await staff.agent().post('/api/auth/tokens').send({ name: 'b' }).expect(201)).body as CreatedApiToken;
    await staff.agent().delete(`/api/auth/tokens/${a.id}`).expect(204);
    expect((await request(apiUrl()).get('/api/tasks').set(withToken(a.token)).expect(401)).body).toEqual({ error: AUTH_ERR.signInRequired });
    expect((await staff.agent().delete(`/api/auth/tokens/${a.id}`).expect(404)).body).toEqual({ error: AUTH_ERR.tokenNotFound });
    // Nobody revokes another user's token.
    const other = await userWithRole('admin');
    await other.agent().delete(`/api/auth/tokens/${b.id}`).expect(404);
    await request(apiUrl()).get('/api/tasks?view=summary').set(withToken(b.token)).expect(200);
    await api().patch(`/api/users/${staff.user.id}`).send({ disabled: true }).expect(200);
    await request(apiUrl()).get('/api/tasks?view=summary').set(withToken(b.token)).expect(401);
  });

  it('refuses a nameless token with a Russian 400', async () => {
    const staff = await userWithRole('staff');
    const res = await staff.agent().post('/api/auth/tokens').send({ name: '   ' }).expect(400);
    expect(res.body).toEqual({ error: `Поле «name»: ${AUTH_ERR.tokenNameLength(100)}` });
  });
});
