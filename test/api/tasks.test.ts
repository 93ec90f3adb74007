import { ERR, LIMITS, UI, type PatchTaskResponse, type Task } from '@app/contracts';
import { api, createTask, putGlobalMapping } from '../support/api-client';
import { sql } from '../support/inspect';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('tasks API', () => {
  it('creates a task with a trimmed name, empty items, no files and a copy of the global rules', async () => {
    const rules = await putGlobalMapping({ manualMapping: { ma: 2, gm: 3, name: 4, minQty: 6, step: 7 }, priceToTemplate: { '6': 5 } });
    const res = await api().post('/api/tasks').send({ name: '  Лента, март  ' }).expect(201);
    const task = res.body as Task;
    expect(task).toMatchObject({ name: 'Лента, март', items: [], files: { price: null, template: null } });
    expect(task.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(task.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(task.mapping).toEqual(rules);
  });

  it('lists tasks newest first', async () => {
    const a = await createTask('первая');
    const b = await createTask('вторая');
    const list = (await api().get('/api/tasks').expect(200)).body as Task[];
    const ids = list.map((t) => t.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(list[0].createdAt >= list[list.length - 1].createdAt).toBe(true);
  });

  it.each([[{}], [{ name: '   ' }], [{ name: '' }], [{ name: 42 }], [{ name: null }]])('rejects a missing or empty name %j', async (body) => {
    const res = await api().post('/api/tasks').send(body).expect(400);
    expect(res.body).toEqual({ error: ERR.taskNameRequired });
  });

  it('rejects a name longer than 200 characters and accepts exactly 200', async () => {
    const res = await api().post('/api/tasks').send({ name: 'я'.repeat(201) }).expect(400);
    expect(res.body).toEqual({ error: ERR.taskNameTooLong(LIMITS.taskNameMax) });
    await api().post('/api/tasks').send({ name: 'я'.repeat(200) }).expect(201);
  });

  it('answers malformed JSON with 400 and a Russian message, no stack', async () => {
    const res = await api().post('/api/tasks').set('Content-Type', 'application/json').send('{"name": "x"').expect(400);
    expect(res.body).toEqual({ error: ERR.badJson });
    const patch = await api().patch(`/api/tasks/${MISSING}`).set('Content-Type', 'application/json').send('{items:').expect(400);
    expect(patch.body).toEqual({ error: ERR.badJson });
  });

  it('answers unknown or malformed ids with 404 Задача не найдена', async () => {
    for (const id of [MISSING, 'not-a-uuid', '1; DROP TABLE tasks']) {
      expect((await api().get(`/api/tasks/${encodeURIComponent(id)}`).expect(404)).body).toEqual({ error: ERR.taskNotFound });
      expect((await api().delete(`/api/tasks/${encodeURIComponent(id)}`).expect(404)).body).toEqual({ error: ERR.taskNotFound });
      expect((await api().patch(`/api/tasks/${encodeURIComponent(id)}`).send({ items: [] }).expect(404)).body).toEqual({ error: ERR.taskNotFound });
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await api().get('/api/nope').expect(404);
    expect(res.body).toEqual({ error: ERR.notFound });
  });

  it('deletes a task: 204, then 404, and its row is gone', async () => {
    const task = await createTask();
    await api().delete(`/api/tasks/${task.id}`).expect(204);
    await api().delete(`/api/tasks/${task.id}`).expect(404);
    expect(await sql('SELECT 1 FROM tasks WHERE id = $1', [task.id])).toHaveLength(0);
  });
});

describe('PATCH /api/tasks/:id items', () => {
  let task: Task;
  beforeEach(async () => {
    task = await createTask();
  });
  const patch = (body: unknown) => api().patch(`/api/tasks/${task.id}`).send(body as object);

  it('normalises items as the UI does and drops all-empty rows', async () => {
    const res = await patch({
      items: [
        { ma: ' 0031000 ', gm: '77000', name: ' Молоко ', minQty: '1 200', step: '0' },
        { ma: '', gm: '', name: '', minQty: 1, step: 1 },
        { ma: '', gm: '', name: '   ', minQty: '', step: '' },
        { ma: 31, gm: null, name: 'число', minQty: 0, step: 5 },
        { ma: 'A', gm: 'B', name: 'C' },
      ],
    }).expect(200);
    const body = res.body as PatchTaskResponse;
    expect(body.items).toEqual([
      { ma: '0031000', gm: '77000', name: 'Молоко', minQty: 1200, step: 1 },
      { ma: '31', gm: '', name: 'число', minQty: 1, step: 5 },
      { ma: 'A', gm: 'B', name: 'C', minQty: 1, step: 1 },
    ]);
    expect(body.mappingSynced).toBe(false);
    const [row] = await sql<{ items: unknown }>('SELECT items FROM tasks WHERE id = $1', [task.id]);
    expect(row.items).toEqual(body.items);
  });

  it.each([
    [{ items: [{ ma: 'x', minQty: -3 }] }, 'Строка 1, «Мин. кол-во»'],
    [{ items: [{ ma: 'x', step: 1.5 }] }, 'Строка 1, «Шаг (кратность)»'],
    [{ items: [{ ma: 'x' }, { ma: 'y', minQty: { n: 1 } }] }, 'Строка 2, «Мин. кол-во»'],
    [{ items: [{ ma: 'x', minQty: '99999999999' }] }, 'Строка 1, «Мин. кол-во»'],
    [{ items: [{ ma: ['x'] }] }, 'Строка 1, «Код МА»'],
    [{ items: [{ name: 'я'.repeat(LIMITS.itemTextMax + 1) }] }, 'Строка 1, «Название»'],
    [{ items: ['строка'] }, 'Строка 1:'],
    [{ items: 'всё' }, '«items»'],
    [{ syncMapping: 'yes' }, '«syncMapping»'],
  ])('rejects %j naming %s and changes nothing', async (body, named) => {
    await patch({ items: [{ ma: 'keep' }] }).expect(200);
    const res = await patch(body).expect(400);
    expect(res.body.error).toContain(named);
    const [row] = await sql<{ items: { ma: string }[] }>('SELECT items FROM tasks WHERE id = $1', [task.id]);
    expect(row.items.map((i) => i.ma)).toEqual(['keep']);
  });

  it.each([
    ['=1+1', 'minQty'],
    ['12 шт', 'step'],
    ['1,5', 'minQty'],
  ])('refuses the quantity %j with the row\'s message: never stored as its digits', async (value, field) => {
    await patch({ items: [{ ma: 'keep' }] }).expect(200);
    const res = await patch({ items: [{ ma: 'a' }, { ma: 'b' }, { ma: 'c', [field]: value }] }).expect(400);
    expect(res.body).toEqual({ error: ERR.itemField(3, UI.columns[field as 'minQty' | 'step'], ERR.qtyDigitsOnly) });
    const [row] = await sql<{ items: { ma: string }[] }>('SELECT items FROM tasks WHERE id = $1', [task.id]);
    expect(row.items.map((i) => i.ma)).toEqual(['keep']);
  });

  it('accepts 10,000 items and rejects 10,001', async () => {
    const items = Array.from({ length: LIMITS.itemsMax }, (_, i) => ({ ma: String(i), gm: '', name: '', minQty: 1, step: 1 }));
    const ok = await patch({ items }).expect(200);
    expect(ok.body.items).toHaveLength(LIMITS.itemsMax);
    const res = await patch({ items: [...items, { ma: 'x' }] }).expect(400);
    expect(res.body.error).toContain('«items»');
  });

  it('rejects a non-object body', async () => {
    await api().patch(`/api/tasks/${task.id}`).set('Content-Type', 'application/json').send('[1,2]').expect(400);
  });

  it('syncMapping copies the global rules and says so exactly when the copy changed', async () => {
    await putGlobalMapping({ manualMapping: { ma: 1, gm: 0, name: 0, minQty: 0, step: 0 }, priceToTemplate: {}, priceKeys: { ma: 0, gm: 0 } });
    const fresh = await createTask();
    const same = await api().patch(`/api/tasks/${fresh.id}`).send({ syncMapping: true }).expect(200);
    expect(same.body.mappingSynced).toBe(false);

    const rules = await putGlobalMapping({ manualMapping: { ma: 2, gm: 3, name: 0, minQty: 0, step: 0 }, priceToTemplate: { '5': 9 }, priceKeys: { ma: 2, gm: 0 } });
    const changed = await api().patch(`/api/tasks/${fresh.id}`).send({ items: [{ ma: '1' }], syncMapping: true }).expect(200);
    expect(changed.body.mappingSynced).toBe(true);
    expect(changed.body.mapping).toEqual(rules);
    const again = await api().patch(`/api/tasks/${fresh.id}`).send({ items: [{ ma: '1' }], syncMapping: true }).expect(200);
    expect(again.body.mappingSynced).toBe(false);

    await putGlobalMapping({ priceToTemplate: { '6': 9 } });
    const noSync = await api().patch(`/api/tasks/${fresh.id}`).send({ items: [] }).expect(200);
    expect(noSync.body.mappingSynced).toBe(false);
    expect(noSync.body.mapping).toEqual(rules);
  });
});
