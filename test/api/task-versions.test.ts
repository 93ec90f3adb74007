import { ERR, type PatchTaskResponse, type Task } from '@app/contracts';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { api, createTask, upload } from '../support/api-client';
import { sql } from '../support/inspect';

const storedItems = async (id: string) => (await sql<{ items: { ma: string }[] }>('SELECT items FROM tasks WHERE id = $1', [id]))[0].items.map((i) => i.ma);

describe('PATCH /api/tasks/:id with the version it edited (no lost updates)', () => {
  let task: Task;
  beforeEach(async () => {
    task = await createTask();
  });
  const patch = (body: object) => api().patch(`/api/tasks/${task.id}`).send(body);

  it('a new task has version 1, and every task in every answer has its version', async () => {
    expect(task.version).toBe(1);
    expect(((await api().get(`/api/tasks/${task.id}`).expect(200)).body as Task).version).toBe(1);
    const list = (await api().get('/api/tasks').expect(200)).body as Task[];
    expect(list.find((t) => t.id === task.id)?.version).toBe(1);
  });

  it('a save with the current version applies and moves the version on', async () => {
    const first = (await patch({ items: [{ ma: 'a' }], version: 1 }).expect(200)).body as PatchTaskResponse;
    expect(first.version).toBe(2);
    const second = (await patch({ items: [{ ma: 'b' }], version: first.version }).expect(200)).body as PatchTaskResponse;
    expect(second.version).toBe(3);
    expect(await storedItems(task.id)).toEqual(['b']);
  });

  it('a save from an older copy is refused with 409 and changes nothing', async () => {
    await patch({ items: [{ ma: 'из другого окна' }], version: 1 }).expect(200);
    const res = await patch({ items: [{ ma: 'устаревшая' }], syncMapping: true, version: 1 }).expect(409);
    expect(res.body).toEqual({ error: ERR.taskChanged });
    expect(await storedItems(task.id)).toEqual(['из другого окна']);
    expect(((await api().get(`/api/tasks/${task.id}`).expect(200)).body as Task).version).toBe(2);
  });

  it('of two saves racing from the same copy exactly one applies, the other gets 409', async () => {
    const results = await Promise.all(['первое', 'второе', 'третье'].map((ma) => patch({ items: [{ ma }], version: 1 })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.status === 200)!.body as PatchTaskResponse;
    expect(await storedItems(task.id)).toEqual([winner.items[0].ma]);
    expect(winner.version).toBe(2);
  });

  it('a version the task never had is refused with 409 too', async () => {
    const res = await patch({ items: [{ ma: 'x' }], version: 7 }).expect(409);
    expect(res.body).toEqual({ error: ERR.taskChanged });
  });

  it('a save without a version works as before (other clients) and still moves the version on', async () => {
    await patch({ items: [{ ma: 'a' }], version: 1 }).expect(200);
    const res = (await patch({ items: [{ ma: 'без версии' }] }).expect(200)).body as PatchTaskResponse;
    expect(res.version).toBe(3);
    expect(await storedItems(task.id)).toEqual(['без версии']);
  });

  it('an upload does not move the version: a save from the copy loaded before it applies', async () => {
    const uploaded = (await upload(task.id, 'price', fixtureBytes('price-sample.xlsx')).expect(200)).body as Task;
    expect(uploaded.version).toBe(1);
    const saved = (await patch({ items: [{ ma: 'после загрузки' }], version: 1 }).expect(200)).body as PatchTaskResponse;
    expect(saved.version).toBe(2);
    expect(saved.files.price).not.toBeNull();
  });

  it.each([['3'], [0], [-1], [1.5], [null], [2 ** 31], [{ v: 1 }]])('rejects version %j with 400 naming «version»', async (version) => {
    const res = await patch({ items: [{ ma: 'x' }], version }).expect(400);
    expect(res.body).toEqual({ error: ERR.invalidField('version', ERR.versionInvalid) });
    expect(await storedItems(task.id)).toEqual([]);
  });
});
