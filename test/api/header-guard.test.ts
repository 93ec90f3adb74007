import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { ERR, type HeaderChangesResponse, type Task, type UploadResponse } from '@app/contracts';
import type { RuleProfile } from '@app/contracts/profile.contract';
import { api, upload } from '../support/api-client';
import { TEMPLATE, TEMPLATE_MOVED, priceWith, profileWithTask, templateWith } from '../support/guarded-profile';
import { testEnv } from '../support/test-env';
import { sql } from '../support/inspect';

const changesOf = async (taskId: string) => ((await api().get(`/api/tasks/${taskId}/header-changes`).expect(200)).body as HeaderChangesResponse).changes;

describe('template guard (DESIGN §10)', () => {
  it('reports a changed template header on upload and on request, with the column it moved to', async () => {
    const { task } = await profileWithTask();
    const first = (await upload(task.id, 'template', await templateWith(TEMPLATE)).expect(200)).body as UploadResponse;
    expect(first.headerChanges).toEqual([]);
    expect(first.files.template).not.toBeNull();

    const moved = (await upload(task.id, 'template', await templateWith(TEMPLATE_MOVED)).expect(200)).body as UploadResponse;
    const change = { file: 'template', column: 6, now: 'Цена без НДС', expected: 'Цена с НДС', movedTo: 7 };
    expect(moved.headerChanges).toEqual([change]);
    expect(await changesOf(task.id)).toEqual([change]);
  });

  it('Исправить re-points the rule in the profile and in the task, and the warning is gone', async () => {
    const { profile, task } = await profileWithTask();
    await upload(task.id, 'template', await templateWith(TEMPLATE_MOVED)).expect(200);

    const fixed = (await api().post(`/api/tasks/${task.id}/header-changes/fix`).send({ file: 'template', from: 6, to: 7 }).expect(200)).body as Task;
    expect(fixed.mapping.priceToTemplate).toEqual({ '3': 7 });
    expect(fixed.mapping.manualMapping).toEqual({ ma: 2, gm: 0, name: 3, minQty: 0, step: 0 });
    expect(fixed.version).toBe(task.version);
    const after = (await api().get(`/api/profiles/${profile.id}`).expect(200)).body as RuleProfile;
    expect(after.priceToTemplate).toEqual({ '3': 7 });
    expect(after.headers.template).toEqual({ '2': 'Код МА', '7': 'Цена с НДС' });
    expect(await changesOf(task.id)).toEqual([]);
    // One journal event, in the fix's transaction: the profile's rules and the task's copy, before and after.
    const events = await sql<{ action: string; details: Record<string, unknown> }>(`SELECT action, details FROM audit_events WHERE task_id = $1 AND details->>'fix' IS NOT NULL`, [task.id]);
    expect(events).toEqual([
      {
        action: 'profile.update',
        details: expect.objectContaining({
          profile: profile.name,
          file: 'template',
          moves: { '6': 7 },
          from: expect.objectContaining({ priceToTemplate: { '3': 6 } }),
          to: expect.objectContaining({ priceToTemplate: { '3': 7 } }),
          task: { from: expect.objectContaining({ priceToTemplate: { '3': 6 } }), to: expect.objectContaining({ priceToTemplate: { '3': 7 } }) },
        }),
      },
    ]);
  });

  it('Исправить moves every shifted column of a file together when a column was inserted, and refuses what it cannot do', async () => {
    const { profile, task } = await profileWithTask();
    await api().put(`/api/profiles/${profile.id}`).send({ priceToTemplate: { '3': 6, '4': 7 }, headers: { template: { '6': 'Цена с НДС', '7': 'Остаток' } } }).expect(200);
    await api().patch(`/api/tasks/${task.id}`).send({ syncMapping: true }).expect(200);
    await upload(task.id, 'template', await templateWith(['№', 'Код МА', 'Наименование', 'Кол-во', 'Шаг', 'Новая', 'Цена с НДС', 'Остаток'])).expect(200);
    expect((await changesOf(task.id)).map((c) => [c.column, c.movedTo])).toEqual([[6, 7], [7, 8]]);

    const fix = (body: object) => api().post(`/api/tasks/${task.id}/header-changes/fix`).send(body);
    expect((await fix({ file: 'template', from: 6, to: 8 }).expect(409)).body.error).toBe(ERR.headerFixStale);
    const fixed = (await fix({ file: 'template', from: 6, to: 7 }).expect(200)).body as Task;
    expect(fixed.mapping.priceToTemplate).toEqual({ '3': 7, '4': 8 });
    const after = (await api().get(`/api/profiles/${profile.id}`).expect(200)).body as RuleProfile;
    expect(after.headers.template).toEqual({ '7': 'Цена с НДС', '8': 'Остаток' });
    expect(await changesOf(task.id)).toEqual([]);
    expect((await fix({ file: 'template', from: 6, to: 7 }).expect(409)).body.error).toBe(ERR.headerFixStale);

    // A rule that stays on the destination column: re-pointing would put two rules there.
    await api().put(`/api/profiles/${profile.id}`).send({ manualMapping: { ma: 2, gm: 0, name: 3, minQty: 0, step: 9 }, priceToTemplate: { '3': 7 }, headers: { template: { '7': 'Цена с НДС' } } }).expect(200);
    await api().patch(`/api/tasks/${task.id}`).send({ syncMapping: true }).expect(200);
    await upload(task.id, 'template', await templateWith(['№', 'Код МА', 'Наименование', 'Кол-во', 'Шаг', 'Новая', 'Другая', 'Шаг', 'Цена с НДС'])).expect(200);
    expect((await fix({ file: 'template', from: 7, to: 9 }).expect(409)).body.error).toBe(ERR.headerFixTaken('I'));
  });

  it('guards the price list too: its source and key columns move with Исправить', async () => {
    const { profile, task } = await profileWithTask();
    const upl = (await upload(task.id, 'price', await priceWith(['Артикул', 'Остаток', 'Склад', 'Цена'])).expect(200)).body as UploadResponse;
    expect(upl.headerChanges).toEqual([{ file: 'price', column: 3, now: 'Склад', expected: 'Цена', movedTo: 4 }]);
    const fixed = (await api().post(`/api/tasks/${task.id}/header-changes/fix`).send({ file: 'price', from: 3, to: 4 }).expect(200)).body as Task;
    expect(fixed.mapping.priceToTemplate).toEqual({ '4': 6 });
    expect(((await api().get(`/api/profiles/${profile.id}`).expect(200)).body as RuleProfile).headers.price).toEqual({ '4': 'Цена' });
  });

  it('says nothing, and reads no file, when the profile remembers no headers', async () => {
    const task = (await api().post('/api/tasks').send({ name: 'Без заголовков', profileId: ((await api().post('/api/profiles').send({ name: `Пусто ${randomUUID().slice(0, 8)}` }).expect(201)).body as RuleProfile).id }).expect(201)).body as Task;
    const res = (await upload(task.id, 'template', await templateWith(TEMPLATE_MOVED)).expect(200)).body as UploadResponse;
    expect(res.headerChanges).toEqual([]);
    expect(await changesOf(task.id)).toEqual([]);
    const redis = new Redis(testEnv().appEnv.REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      expect(await redis.keys(`${testEnv().appEnv.QUEUE_PREFIX}:columns:*${task.id}*`)).toEqual([]);
    } finally {
      await redis.quit();
    }
  });

  it('refuses a bad fix with a Russian 400, an unknown task with 404, and changes nothing', async () => {
    const { task } = await profileWithTask();
    const fix = (body: object) => api().post(`/api/tasks/${task.id}/header-changes/fix`).send(body);
    expect((await fix({ file: 'template', from: 6, to: 6 }).expect(400)).body.error).toBe(ERR.invalidField('to', ERR.fixSameColumn));
    expect((await fix({ file: 'sheet', from: 6, to: 7 }).expect(400)).body.error).toBe(ERR.invalidField('file', ERR.fixFileInvalid));
    expect((await fix({ file: 'price', from: 0, to: 7 }).expect(400)).body.error).toMatch(/^Поле «from»: ожидается целое число от 1 до \d+$/);
    expect((await fix({ file: 'price', from: '3', to: 7 }).expect(400)).body.error).toMatch(/^Поле «from»/);
    expect((await api().post(`/api/tasks/${randomUUID()}/header-changes/fix`).send({ file: 'price', from: 3, to: 4 }).expect(404)).body.error).toBe(ERR.taskNotFound);
    expect((await api().get(`/api/tasks/${randomUUID()}/header-changes`).expect(404)).body.error).toBe(ERR.taskNotFound);
    const unchanged = (await api().get(`/api/tasks/${task.id}`).expect(200)).body as Task;
    expect(unchanged.mapping.priceToTemplate).toEqual({ '3': 6 });
  });
});
