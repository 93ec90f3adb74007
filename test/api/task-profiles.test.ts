import { ERR, type Mapping, type PatchTaskResponse, type Task, type TaskSummary } from '@app/contracts';
import type { RuleProfile } from '@app/contracts/profile.contract';
import { api, createTask, putGlobalMapping } from '../support/api-client';
import { sql } from '../support/inspect';

const MISSING = '00000000-0000-4000-8000-000000000000';
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
const CHAIN: Mapping = { manualMapping: { ma: 1, gm: 2, name: 3, minQty: 4, step: 5 }, priceToTemplate: { '2': 9 }, priceKeys: { ma: 3, gm: 4 } };
const GLOBAL: Mapping = { manualMapping: { ma: 7, gm: 0, name: 0, minQty: 0, step: 0 }, priceToTemplate: {}, priceKeys: { ma: 0, gm: 0 } };

async function chainProfile(): Promise<RuleProfile> {
  const created = (await api().post('/api/profiles').send({ name: unique('Сеть') }).expect(201)).body as RuleProfile;
  return (await api().put(`/api/profiles/${created.id}`).send(CHAIN).expect(200)).body as RuleProfile;
}
const defaultId = async () => ((await api().get('/api/profiles').expect(200)).body as RuleProfile[])[0].id;
const patch = (task: Task, body: object) => api().patch(`/api/tasks/${task.id}`).send(body);

describe('tasks and their rule profile', () => {
  beforeEach(async () => {
    await putGlobalMapping(GLOBAL);
  });

  it('gives a new task the default profile, or the one POST names, with a copy of its rules', async () => {
    const plain = await createTask();
    expect(plain).toMatchObject({ profileId: await defaultId(), mapping: GLOBAL });
    const profile = await chainProfile();
    const res = await api().post('/api/tasks').send({ name: unique('Задача'), profileId: profile.id }).expect(201);
    expect(res.body).toMatchObject({ profileId: profile.id, mapping: CHAIN });
    expect((await api().get(`/api/tasks/${res.body.id}`).expect(200)).body.profileId).toBe(profile.id);
  });

  it('refuses POST /api/tasks with an unknown or malformed profileId with 400 naming it', async () => {
    const unknown = await api().post('/api/tasks').send({ name: 'x', profileId: MISSING }).expect(400);
    expect(unknown.body).toEqual({ error: ERR.invalidField('profileId', ERR.noSuchProfile) });
    const bad = await api().post('/api/tasks').send({ name: 'x', profileId: 12 }).expect(400);
    expect(bad.body).toEqual({ error: ERR.invalidField('profileId', ERR.profileIdInvalid) });
  });

  it('PATCH profileId changes the profile, not the copy of the rules; syncMapping then copies the task’s own profile', async () => {
    const task = await createTask();
    const profile = await chainProfile();
    const moved = (await patch(task, { profileId: profile.id }).expect(200)).body as PatchTaskResponse;
    expect(moved).toMatchObject({ profileId: profile.id, mapping: GLOBAL, mappingSynced: false, version: task.version + 1 });
    const synced = (await patch(task, { syncMapping: true }).expect(200)).body as PatchTaskResponse;
    expect(synced).toMatchObject({ profileId: profile.id, mapping: CHAIN, mappingSynced: true });
    await putGlobalMapping({ priceToTemplate: { '1': 1 } });
    expect((await patch(task, { syncMapping: true }).expect(200)).body).toMatchObject({ mapping: CHAIN, mappingSynced: false });
    const back = (await patch(task, { profileId: null, syncMapping: true }).expect(200)).body as PatchTaskResponse;
    expect(back).toMatchObject({ profileId: await defaultId(), mapping: { ...GLOBAL, priceToTemplate: { '1': 1 } }, mappingSynced: true });
  });

  it('refuses PATCH with an unknown or malformed profileId with 400 and changes nothing', async () => {
    const task = await createTask();
    expect((await patch(task, { profileId: MISSING }).expect(400)).body).toEqual({ error: ERR.invalidField('profileId', ERR.noSuchProfile) });
    expect((await patch(task, { profileId: 'abc' }).expect(400)).body).toEqual({ error: ERR.invalidField('profileId', ERR.profileIdInvalid) });
    expect((await api().get(`/api/tasks/${task.id}`).expect(200)).body).toEqual(task);
  });

  it('shows profileId in the summary list', async () => {
    const profile = await chainProfile();
    const task = (await api().post('/api/tasks').send({ name: unique('Сводка'), profileId: profile.id }).expect(201)).body as Task;
    const list = (await api().get('/api/tasks?view=summary').expect(200)).body as TaskSummary[];
    expect(list.find((t) => t.id === task.id)?.profileId).toBe(profile.id);
    expect(list.every((t) => typeof t.profileId === 'string')).toBe(true);
  });

  it('deleting a profile moves its tasks to the default, keeping their items, rules and version', async () => {
    const profile = await chainProfile();
    const made = await Promise.all([1, 2].map(() => api().post('/api/tasks').send({ name: unique('Удаление'), profileId: profile.id }).expect(201)));
    await api().delete(`/api/profiles/${profile.id}`).expect(204);
    await api().get(`/api/profiles/${profile.id}`).expect(404);
    const fallback = await defaultId();
    for (const { body } of made) {
      const task = (await api().get(`/api/tasks/${body.id}`).expect(200)).body as Task;
      expect(task).toMatchObject({ profileId: fallback, mapping: CHAIN, version: body.version, items: [] });
    }
  });

  it('deleting a profile is one transaction: when its removal fails, its tasks stay with it', async () => {
    const profile = await chainProfile();
    const task = (await api().post('/api/tasks').send({ name: unique('Откат'), profileId: profile.id }).expect(201)).body as Task;
    // A trigger that fails the DELETE after the tasks were moved: the move must be rolled back.
    await sql(`CREATE FUNCTION refuse_profile_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'test refuses'; END $$`);
    await sql(`CREATE TRIGGER refuse_profile_delete BEFORE DELETE ON rule_profiles FOR EACH ROW EXECUTE FUNCTION refuse_profile_delete()`);
    try {
      expect((await api().delete(`/api/profiles/${profile.id}`).expect(500)).body).toEqual({ error: ERR.internal });
    } finally {
      await sql('DROP TRIGGER refuse_profile_delete ON rule_profiles');
      await sql('DROP FUNCTION refuse_profile_delete()');
    }
    expect(await sql('SELECT profile_id FROM tasks WHERE id = $1', [task.id])).toEqual([{ profile_id: profile.id }]);
    await api().delete(`/api/profiles/${profile.id}`).expect(204);
  });
});
