import request from 'supertest';
import { AUTH_ERR, BATCH_ERR, BATCH_TASKS_MAX, ERR, type Batch, type BatchSummary, type CheckResponse, type ExportRecord } from '@app/contracts';
import { sampleItems } from '@app/export-engine/testing/fixtures';
import { api, createTask } from '../support/api-client';
import { userWithRole, type TestUser } from '../support/auth';
import { readyTask } from '../support/generate-helpers';
import { waitForBatch } from '../support/batches';
import { sql } from '../support/inspect';
import { apiUrl } from '../support/test-env';

const MISSING = '00000000-0000-4000-8000-000000000000';
const start = (body: unknown, agent = api) => agent().post('/api/batches').send(body as object);
const historyOf = async (taskId: string) => (await api().get(`/api/tasks/${taskId}/exports`).expect(200)).body as ExportRecord[];

describe('batches (DESIGN §12)', () => {
  let viewer: TestUser;
  let staff: TestUser;
  beforeAll(async () => {
    viewer = await userWithRole('viewer');
    staff = await userWithRole('staff', { displayName: 'Пакетчица' });
  });

  it('generate: 202 at once, one ordinary export per task with its batch, rows following their exports, one audit event', async () => {
    const a = await readyTask(sampleItems());
    const b = await readyTask(sampleItems().slice(0, 5));
    const bare = await createTask('без позиций');
    const res = await start({ action: 'generate', taskIds: [a.id, b.id, bare.id, a.id.toUpperCase()] }, staff.agent).expect(202);
    const { id } = res.body as { id: string };
    expect(Object.keys(res.body)).toEqual(['id']);

    const batch = await waitForBatch(id);
    expect(batch).toMatchObject({ id, action: 'generate', status: 'done', total: 3, finished: 3, failed: 1 });
    expect(batch.createdBy).toEqual({ id: staff.user.id, login: staff.login, displayName: 'Пакетчица' });
    const [ra, rb, rbare] = batch.tasks;
    // The same task twice is one row; a task that is not ready fails its row with generate's reason (no price list yet).
    expect(rbare).toEqual({ taskId: bare.id, name: 'без позиций', status: 'failed', error: ERR.noPrice });
    for (const [row, task] of [[ra, a], [rb, b]] as const) {
      const [exp] = await historyOf(task.id);
      expect(exp).toMatchObject({ id: row.exportId, status: 'done', batchId: id, createdBy: { id: staff.user.id } });
      expect(row).toEqual({
        taskId: task.id,
        name: task.name,
        status: 'done',
        exportId: exp.id,
        rows: exp.report!.rows,
        matched: exp.report!.matchedByMa + exp.report!.matchedByGm,
        unmatched: exp.report!.unmatched.length,
        warnings: expect.any(Number),
      });
    }
    expect(ra.rows).toBe(sampleItems().length);

    const events = await sql<{ user_id: string; task_id: string | null; details: Record<string, unknown> }>(
      `SELECT user_id, task_id, details FROM audit_events WHERE action = 'batch' AND details->>'batchId' = $1`,
      [id],
    );
    expect(events).toEqual([{ user_id: staff.user.id, task_id: null, details: { batchId: id, action: 'generate', tasks: 3 } }]);

    // A second batch compares with the first: its rows carry the changes since.
    const again = await waitForBatch((await start({ action: 'generate', taskIds: [a.id] }).expect(202)).body.id);
    expect(again.tasks[0].changes).toEqual({ added: 0, removed: 0, changed: 0, lost: 0 });
    expect(await historyOf(a.id)).toHaveLength(2);
  });

  it('check: each row keeps its check\'s counts and the changes against the newest export; nothing is recorded', async () => {
    const task = await readyTask(sampleItems());
    const single = (await api().post(`/api/tasks/${task.id}/check`).expect(200)).body as CheckResponse;
    const batch = await waitForBatch((await start({ action: 'check', taskIds: [task.id] }).expect(202)).body.id);
    const warnings = Object.values(single.warningCounts).reduce((s, n) => s + (n ?? 0), 0);
    expect(batch).toMatchObject({ action: 'check', status: 'done', total: 1, finished: 1, failed: 0 });
    expect(batch.tasks).toEqual([
      { taskId: task.id, name: task.name, status: 'done', rows: single.rowsTotal, matched: single.rowsTotal - single.missingItems.length, unmatched: single.missingItems.length, warnings },
    ]);
    expect(await historyOf(task.id)).toEqual([]);

    await api().post(`/api/tasks/${task.id}/generate`).expect(200);
    const after = await waitForBatch((await start({ action: 'check', taskIds: [task.id] }).expect(202)).body.id);
    expect(after.tasks[0].changes).toEqual({ added: 0, removed: 0, changed: 0, lost: 0 });
    expect(await historyOf(task.id)).toHaveLength(1);
  });

  it('refuses a bad body in Russian and unknown tasks without starting anything', async () => {
    const task = await readyTask(sampleItems().slice(0, 2));
    const error = async (body: unknown, status = 400) => (await start(body).expect(status)).body.error as string;
    expect(await error({ action: 'export', taskIds: [task.id] })).toBe(ERR.invalidField('action', BATCH_ERR.actionInvalid));
    expect(await error({ action: 'check', taskIds: [] })).toBe(ERR.invalidField('taskIds', BATCH_ERR.tasksRange(BATCH_TASKS_MAX)));
    const tooMany = Array.from({ length: BATCH_TASKS_MAX + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(await error({ action: 'check', taskIds: tooMany })).toBe(ERR.invalidField('taskIds', BATCH_ERR.tasksRange(BATCH_TASKS_MAX)));
    expect(await error({ action: 'check', taskIds: ['лента'] })).toBe(ERR.invalidField('taskIds.0', BATCH_ERR.taskIdsInvalid));
    expect(await error({ action: 'check', taskIds: task.id })).toBe(ERR.invalidField('taskIds', BATCH_ERR.taskIdsInvalid));
    expect(await error({ action: 'check' })).toBe(ERR.invalidField('taskIds', BATCH_ERR.taskIdsInvalid));
    const before = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM batches'))[0].n;
    expect(await error({ action: 'generate', taskIds: [task.id, MISSING] }, 404)).toBe(BATCH_ERR.unknownTasks(1));
    expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM batches'))[0].n).toBe(before);
    expect(await historyOf(task.id)).toEqual([]);

    expect((await api().get(`/api/batches/${MISSING}`).expect(404)).body.error).toBe(BATCH_ERR.notFound);
    expect((await api().get('/api/batches/not-a-uuid').expect(404)).body.error).toBe(BATCH_ERR.notFound);
    expect((await api().get(`/api/batches/${MISSING}/archive`).expect(404)).body.error).toBe(BATCH_ERR.notFound);
  });

  it('roles: a viewer reads and lists batches but cannot start one; nobody signed out can do either', async () => {
    const task = await readyTask(sampleItems().slice(0, 2));
    expect((await start({ action: 'check', taskIds: [task.id] }, viewer.agent).expect(403)).body).toEqual({ error: AUTH_ERR.forbidden });
    expect((await request(apiUrl()).post('/api/batches').send({ action: 'check', taskIds: [task.id] }).expect(401)).body).toEqual({ error: AUTH_ERR.signInRequired });
    expect((await request(apiUrl()).get('/api/batches').expect(401)).body).toEqual({ error: AUTH_ERR.signInRequired });
    const id = (await start({ action: 'check', taskIds: [task.id] }).expect(202)).body.id as string;
    const seen = await waitForBatch(id, viewer.agent);
    expect(seen.tasks[0].status).toBe('done');
  });

  it('GET /api/batches: the newest first, summaries without rows', async () => {
    const task = await readyTask(sampleItems().slice(0, 2));
    const first = (await start({ action: 'check', taskIds: [task.id] }).expect(202)).body.id as string;
    const second = (await start({ action: 'generate', taskIds: [task.id] }).expect(202)).body.id as string;
    await waitForBatch(first);
    const done = await waitForBatch(second);
    const list = (await api().get('/api/batches').expect(200)).body as BatchSummary[];
    expect(list.length).toBeLessThanOrEqual(50);
    expect(list.map((b) => b.id).slice(0, 2)).toEqual([second, first]);
    const { tasks: _tasks, ...summary } = done as Batch;
    expect(list[0]).toEqual(summary);
  });
});
