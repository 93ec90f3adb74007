import { ERR, type Task, type TaskSummary } from '@app/contracts';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { api, createTask, upload } from '../support/api-client';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ ma: `МА-${i}`, gm: '', name: `позиция ${i}`, minQty: 1, step: 1 }));

describe('GET /api/tasks?view=summary', () => {
  let older: Task;
  let newer: Task;
  let priceBytes: Buffer;

  beforeAll(async () => {
    older = await createTask('сводка: старая');
    newer = await createTask('сводка: новая');
    await api().patch(`/api/tasks/${older.id}`).send({ items: items(3) }).expect(200);
    await api().patch(`/api/tasks/${newer.id}`).send({ items: items(1200) }).expect(200);
    priceBytes = fixtureBytes('price-sample.xlsx');
    await upload(older.id, 'price', priceBytes, 'Прайс.xlsx').expect(200);
  });

  const summaries = async () => (await api().get('/api/tasks?view=summary').expect(200)).body as TaskSummary[];

  it('gives each task its name, dates, files, item count, profile and price list, and nothing more', async () => {
    const list = await summaries();
    const full = (await api().get(`/api/tasks/${older.id}`).expect(200)).body as Task;
    const summary = list.find((t) => t.id === older.id);
    expect(summary).toEqual({
      id: older.id,
      name: 'сводка: старая',
      createdAt: full.createdAt,
      updatedAt: full.updatedAt,
      files: { price: { name: 'Прайс.xlsx', size: priceBytes.length, uploadedAt: expect.any(String) }, template: null },
      itemCount: 3,
      profileId: full.profileId,
      priceListId: null,
      stale: false,
    });
    expect(list.find((t) => t.id === newer.id)).toMatchObject({ itemCount: 1200, files: { price: null, template: null } });
  });

  it('lists the same tasks in the same order as the full list, newest first', async () => {
    const full = (await api().get('/api/tasks').expect(200)).body as Task[];
    const list = await summaries();
    expect(list.map((t) => t.id)).toEqual(full.map((t) => t.id));
    expect(list.map((t) => t.id).indexOf(newer.id)).toBeLessThan(list.map((t) => t.id).indexOf(older.id));
  });

  it('is small: no items, no rules, no storage keys', async () => {
    const text = (await api().get('/api/tasks?view=summary').expect(200)).text;
    expect(text).not.toContain('МА-1');
    expect(text).not.toContain('manualMapping');
    expect(text).not.toContain('tasks/');
    const fullText = (await api().get('/api/tasks').expect(200)).text;
    expect(text.length * 10).toBeLessThan(fullText.length);
  });

  it('leaves the plain list as it was: every task with its items and rules', async () => {
    const full = (await api().get('/api/tasks').expect(200)).body as Task[];
    const task = full.find((t) => t.id === older.id)!;
    expect(task.items).toEqual(items(3));
    expect(task.mapping).toEqual(expect.objectContaining({ manualMapping: expect.any(Object) }));
    expect(task.files.price).toMatchObject({ name: 'Прайс.xlsx' });
  });

  it('GET /api/tasks/{id} gives the whole task for its page', async () => {
    const task = (await api().get(`/api/tasks/${newer.id}`).expect(200)).body as Task;
    expect(task).toMatchObject({ id: newer.id, name: 'сводка: новая', files: { price: null, template: null } });
    expect(task.items).toHaveLength(1200);
    expect(task.mapping).toBeDefined();
  });

  it.each(['full', '', 'SUMMARY'])('answers an unknown view %j with 400 and a Russian message', async (view) => {
    const res = await api().get('/api/tasks').query({ view }).expect(400);
    expect(res.body).toEqual({ error: ERR.unknownListView });
  });

  it('answers a repeated view parameter with 400', async () => {
    const res = await api().get('/api/tasks?view=summary&view=summary').expect(400);
    expect(res.body).toEqual({ error: ERR.unknownListView });
  });
});
