import { createHash } from 'node:crypto';
import request from 'supertest';
import { AUDIT_ACTION_NAMES, AUTH_ERR, ERR, type AuditEvent, type AuditPage, type ExportRecord } from '@app/contracts';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { api, createTask, upload } from '../support/api-client';
import { userWithRole, type TestUser } from '../support/auth';
import { readyTask, SAMPLE_RULES } from '../support/generate-helpers';
import { sql } from '../support/inspect';
import { apiUrl } from '../support/test-env';

interface Row {
  action: string;
  user_id: string | null;
  task_id: string | null;
  details: Record<string, unknown>;
}

/** The events written since `mark` (an id), oldest first. */
const mark = async (): Promise<string> => (await sql<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM audit_events'))[0].id;
const since = (id: string) => sql<Row>('SELECT action, user_id, task_id, details FROM audit_events WHERE id > $1 ORDER BY id', [id]);

/** Runs `change` and gives the one event it wrote (failing when it wrote none or more). */
async function oneEvent(change: () => Promise<unknown>): Promise<Row> {
  const before = await mark();
  await change();
  const rows = await since(before);
  expect(rows.map((r) => r.action)).toHaveLength(1);
  return rows[0];
}

/** Runs a refused change and checks it wrote nothing. */
async function noEvent(change: () => Promise<unknown>): Promise<void> {
  const before = await mark();
  await change();
  expect(await since(before)).toEqual([]);
}

describe('the audit log (DESIGN §13)', () => {
  let staff: TestUser;
  beforeAll(async () => {
    staff = await userWithRole('staff', { displayName: 'Мария Кузнецова' });
  });

  it('each change of a task writes exactly one event with who, the task and the details', async () => {
    const as = () => staff.agent();
    let taskId = '';
    const created = await oneEvent(async () => (taskId = (await as().post('/api/tasks').send({ name: 'Журнал' }).expect(201)).body.id));
    expect(created).toMatchObject({ action: 'task.create', user_id: staff.user.id, task_id: taskId, details: { name: 'Журнал', profile: 'Общие правила' } });

    const items = [{ ma: '1' }, { ma: '2' }, { ma: '3', minQty: 2 }, { ma: '4' }];
    expect((await oneEvent(() => as().patch(`/api/tasks/${taskId}`).send({ items }).expect(200))).details).toEqual({ added: 4, removed: 0, changed: 0, count: 4 });
    const next = [{ ma: '1' }, { ma: '3', minQty: 4 }, { ma: '4' }, { ma: '5' }, { ma: '6' }, { ma: '7' }];
    const saved = await oneEvent(() => as().patch(`/api/tasks/${taskId}`).send({ items: next }).expect(200));
    expect(saved).toMatchObject({ action: 'task.items', details: { added: 3, removed: 1, changed: 1, count: 6 } });
    // A save that changes nothing is no event.
    await noEvent(() => as().patch(`/api/tasks/${taskId}`).send({ items: next }).expect(200));

    const renamed = await oneEvent(() => as().patch(`/api/tasks/${taskId}`).send({ name: ' Журнал 2 ' }).expect(200));
    expect(renamed).toMatchObject({ action: 'task.rename', details: { from: 'Журнал', to: 'Журнал 2' } });

    const bytes = fixtureBytes('price-sample.xlsx');
    const uploaded = await oneEvent(() => upload(taskId, 'price', bytes, 'Прайс.xlsx').set('Cookie', staff.cookie).expect(200));
    expect(uploaded).toMatchObject({
      action: 'task.upload',
      details: { kind: 'price', name: 'Прайс.xlsx', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
    });

    const profile = (await api().post('/api/profiles').send({ name: `Журнал ${Date.now()}` }).expect(201)).body as { id: string; name: string };
    const moved = await oneEvent(() => as().patch(`/api/tasks/${taskId}`).send({ profileId: profile.id }).expect(200));
    expect(moved).toMatchObject({ action: 'task.profile', details: { profile: profile.name, from: 'Общие правила' } });

    const removed = await oneEvent(() => as().delete(`/api/tasks/${taskId}`).expect(204));
    expect(removed).toMatchObject({ action: 'task.delete', user_id: staff.user.id, task_id: taskId, details: { name: 'Журнал 2' } });
  });

  it('refused changes write nothing: a stale save, a bad upload, a taken name, the last admin, a missing task', async () => {
    const task = await createTask();
    await api().patch(`/api/tasks/${task.id}`).send({ items: [{ ma: '1' }] }).expect(200);
    await noEvent(() => api().patch(`/api/tasks/${task.id}`).send({ items: [{ ma: '2' }], version: 1 }).expect(409));
    await noEvent(() => upload(task.id, 'template', Buffer.from('not a workbook'), 't.xlsx').expect(422));
    const name = `Занято ${Date.now()}`;
    await api().post('/api/profiles').send({ name }).expect(201);
    await noEvent(() => api().post('/api/profiles').send({ name }).expect(409));
    await noEvent(() => api().post('/api/users').send({ login: 'admin', role: 'staff', password: 'temporary-1' }).expect(409));
    await noEvent(() => api().delete('/api/tasks/00000000-0000-4000-8000-000000000000').expect(404));
    await noEvent(() => api().patch(`/api/tasks/${task.id}`).send({ items: 'x' }).expect(400));
    const unnamed = await api().patch(`/api/tasks/${task.id}`).send({ name: '   ' }).expect(400);
    expect(unnamed.body).toEqual({ error: ERR.invalidField('name', ERR.taskNameRequired) });
    await noEvent(() => api().patch(`/api/tasks/${task.id}`).send({ name: 'x'.repeat(201) }).expect(400));
  });

  it('the event is written in the change’s own transaction: when it cannot be written, the change is undone', async () => {
    // A trigger that refuses one task's event stands for any failure between the change and its event.
    await sql(`CREATE OR REPLACE FUNCTION pe_test_refuse_event() RETURNS trigger AS $$
      BEGIN IF NEW.details->>'name' = 'без журнала' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await sql('CREATE TRIGGER pe_test_refuse_event BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION pe_test_refuse_event()');
    try {
      const res = await api().post('/api/tasks').send({ name: 'без журнала' }).expect(500);
      expect(res.body).toEqual({ error: ERR.internal });
      expect(await sql(`SELECT 1 FROM tasks WHERE name = 'без журнала'`)).toEqual([]);
    } finally {
      await sql('DROP TRIGGER pe_test_refuse_event ON audit_events');
      await sql('DROP FUNCTION pe_test_refuse_event()');
    }
  });

  it('rules and profiles: the columns before and after; deleting tells how many tasks moved', async () => {
    const original = (await api().get('/api/mappings/global').expect(200)).body;
    try {
      const rules = await oneEvent(() => staff.agent().put('/api/mappings/global').send({ manualMapping: { ...original.manualMapping, name: 9 } }).expect(200));
      expect(rules).toMatchObject({
        action: 'rules.update',
        user_id: staff.user.id,
        details: { from: { manualMapping: original.manualMapping }, to: { manualMapping: { ...original.manualMapping, name: 9 } } },
      });
      const name = `Лента ${Date.now()}`;
      const made = await oneEvent(() => staff.agent().post('/api/profiles').send({ name }).expect(201));
      expect(made).toMatchObject({ action: 'profile.create', details: { name } });
      const id = made.details.profileId as string;
      const changed = await oneEvent(() => staff.agent().put(`/api/profiles/${id}`).send({ priceToTemplate: { '6': 5 } }).expect(200));
      expect(changed).toMatchObject({ action: 'profile.update', details: { name, from: { priceToTemplate: {} }, to: { priceToTemplate: { '6': 5 } } } });
      const task = await createTask();
      await api().patch(`/api/tasks/${task.id}`).send({ profileId: id }).expect(200);
      const gone = await oneEvent(() => api().delete(`/api/profiles/${id}`).expect(204));
      expect(gone).toMatchObject({ action: 'profile.delete', details: { name, movedTasks: 1 } });
    } finally {
      await api().put('/api/mappings/global').send(original).expect(200);
    }
  });

  it('a check and an export: rows, found and warnings; the history says who made each export', async () => {
    const task = await readyTask(sampleItems().slice(0, 3), { rules: SAMPLE_RULES });
    const checked = await oneEvent(() => staff.agent().post(`/api/tasks/${task.id}/check`).expect(200));
    expect(checked).toMatchObject({ action: 'check', user_id: staff.user.id, task_id: task.id, details: { rows: 3, found: 3, warnings: expect.any(Number) } });

    const res = await staff.agent().post(`/api/tasks/${task.id}/generate`).expect(200);
    // The worker writes it with the export row's `done`, in one transaction, before the job completes.
    const exported = await sql<Row>(`SELECT action, user_id, task_id, details FROM audit_events WHERE action = 'export' AND task_id = $1`, [task.id]);
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({
      user_id: staff.user.id,
      details: { exportId: res.headers['x-export-id'], rows: 3, found: 3, warnings: Number(res.headers['x-export-warnings']) },
    });
    const [history] = (await api().get(`/api/tasks/${task.id}/exports`).expect(200)).body as ExportRecord[];
    expect(history.createdBy).toEqual({ id: staff.user.id, login: staff.login, displayName: 'Мария Кузнецова' });
  });

  it('users, tokens and sign-ins are journalled too, a failed sign-in with the login tried', async () => {
    const admin = await userWithRole('admin');
    const login = `journal-${Date.now()}`;
    const created = await oneEvent(() => admin.agent().post('/api/users').send({ login, role: 'viewer', password: 'temporary-1' }).expect(201));
    expect(created).toMatchObject({ action: 'user.create', user_id: admin.user.id, details: { login, role: 'viewer' } });
    const userId = created.details.userId as string;
    const promoted = await oneEvent(() => admin.agent().patch(`/api/users/${userId}`).send({ role: 'staff', disabled: true }).expect(200));
    expect(promoted.details).toMatchObject({ role: { from: 'viewer', to: 'staff' }, disabled: true });
    const reset = await oneEvent(() => admin.agent().patch(`/api/users/${userId}`).send({ password: 'temporary-2', disabled: false }).expect(200));
    expect(reset.details).toMatchObject({ passwordReset: true, disabled: false });

    const token = await oneEvent(() => admin.agent().post('/api/auth/tokens').send({ name: 'скрипт' }).expect(201));
    expect(token).toMatchObject({ action: 'token.create', details: { name: 'скрипт' } });
    const revoked = await oneEvent(() => admin.agent().delete(`/api/auth/tokens/${token.details.tokenId}`).expect(204));
    expect(revoked).toMatchObject({ action: 'token.revoke', details: { name: 'скрипт' } });

    const failed = await oneEvent(() => request(apiUrl()).post('/api/auth/sign-in').set('X-Forwarded-For', '192.0.2.9').send({ login, password: 'wrong-one' }).expect(401));
    expect(failed).toMatchObject({ action: 'auth.sign-in-failed', user_id: userId, details: { login, address: '192.0.2.9' } });
    const unknown = await oneEvent(() => request(apiUrl()).post('/api/auth/sign-in').set('X-Forwarded-For', '192.0.2.9').send({ login: 'nobody-at-all', password: 'x' }).expect(401));
    expect(unknown).toMatchObject({ action: 'auth.sign-in-failed', user_id: null, details: { login: 'nobody-at-all' } });
    let cookie = '';
    const signedIn = await oneEvent(async () => {
      const res = await request(apiUrl()).post('/api/auth/sign-in').send({ login, password: 'temporary-2' }).expect(200);
      cookie = (res.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    });
    expect(signedIn).toMatchObject({ action: 'auth.sign-in', user_id: userId, details: { via: 'password' } });
    const out = await oneEvent(() => request(apiUrl()).post('/api/auth/sign-out').set('Cookie', cookie).expect(204));
    expect(out).toMatchObject({ action: 'auth.sign-out', user_id: userId });
  });

  it('GET /api/audit: admins only, newest first, 100 a page with a cursor, filters by user, action, task and dates', async () => {
    const user = await userWithRole('staff');
    for (let i = 0; i < 104; i++) await user.agent().post('/api/auth/tokens').send({ name: `t${i}` }).expect(201);
    const first = (await api().get('/api/audit').query({ userId: user.user.id, action: 'token.create' }).expect(200)).body as AuditPage;
    expect(first.events).toHaveLength(100);
    expect(first.events[0]).toMatchObject({ action: 'token.create', user: { id: user.user.id, login: user.login, displayName: user.user.displayName }, taskId: null, details: { name: 't103' } });
    expect(first.next).toEqual(first.events[99].id);
    const second = (await api().get('/api/audit').query({ userId: user.user.id, action: 'token.create', cursor: first.next }).expect(200)).body as AuditPage;
    expect(second.events.map((e) => e.details.name)).toEqual(['t3', 't2', 't1', 't0']);
    expect(second.next).toBeNull();

    const all = (await api().get('/api/audit').query({ userId: user.user.id }).expect(200)).body as AuditPage;
    expect(new Set(all.events.map((e) => e.action))).toEqual(new Set(['token.create']));
    const today = new Date().toISOString().slice(0, 10);
    expect(((await api().get('/api/audit').query({ userId: user.user.id, from: today, to: today }).expect(200)).body as AuditPage).events).toHaveLength(100);
    expect(((await api().get('/api/audit').query({ userId: user.user.id, to: '2000-01-01' }).expect(200)).body as AuditPage).events).toEqual([]);
    expect(((await api().get('/api/audit').query({ userId: user.user.id, from: new Date(Date.now() + 60_000).toISOString() }).expect(200)).body as AuditPage).events).toEqual([]);

    for (const [name, value] of [['action', 'task.explode'], ['userId', 'me'], ['from', 'вчера'], ['cursor', '-1']]) {
      expect((await api().get('/api/audit').query({ [name]: value }).expect(400)).body).toEqual({ error: AUTH_ERR.auditFilterInvalid(name) });
    }
    expect((await user.agent().get('/api/audit').expect(403)).body).toEqual({ error: AUTH_ERR.forbidden });
  });

  it('GET /api/audit.csv: the same filters, every event, for Excel', async () => {
    const res = await api().get('/api/audit.csv').query({ action: 'task.create' }).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit.csv"');
    const text = (res.body as Buffer).toString('utf8');
    expect(text.startsWith('\uFEFFВремя (UTC);Логин;Имя;Действие;Код действия;Задача;Название задачи;Подробности\r\n')).toBe(true);
    expect(text.split('\r\n')[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z;/);
    const lines = text.trim().split('\r\n').slice(1);
    const count = (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'task.create'`))[0].n;
    expect(lines).toHaveLength(count);
    expect(lines.every((l) => l.includes(`;${AUDIT_ACTION_NAMES['task.create']};task.create;`))).toBe(true);
  });

  it('a task’s Журнал: any signed-in user, that task’s events newest first; 404 for no such task', async () => {
    const task = await createTask('Своя история');
    await api().patch(`/api/tasks/${task.id}`).send({ items: [{ ma: '1' }] }).expect(200);
    await upload(task.id, 'template', fixtureBytes('template-sample.xlsx')).expect(200);
    const viewer = await userWithRole('viewer');
    const page = (await viewer.agent().get(`/api/tasks/${task.id}/audit`).expect(200)).body as AuditPage;
    expect(page.events.map((e: AuditEvent) => e.action)).toEqual(['task.upload', 'task.items', 'task.create']);
    expect(page.events.every((e) => e.taskId === task.id && e.user?.login === 'admin')).toBe(true);
    expect(page.next).toBeNull();
    await viewer.agent().get('/api/tasks/00000000-0000-4000-8000-000000000000/audit').expect(404);
  });
});
