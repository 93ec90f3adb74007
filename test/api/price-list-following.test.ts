import type * as oas from 'openapi3-ts/oas31';
import { ERR, EXPORT_HEADERS, PRICE_LIST_ERR, type ExportRecord, type PriceList, type Task, type TaskSummary } from '@app/contracts';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { api, binary } from '../support/api-client';
import { dataRows, generate, readyTask } from '../support/generate-helpers';
import { DocumentedApi } from '../support/openapi-contract';
import { addVersion, asUploaded, createList, listEvents, repricedCsv, taskEvents } from '../support/price-lists';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('tasks that follow a price list (DESIGN §12)', () => {
  let documented: DocumentedApi;
  beforeAll(async () => {
    documented = new DocumentedApi((await api().get('/api/openapi.json').expect(200)).body as oas.OpenAPIObject);
  });

  const getTask = async (id: string) => documented.expect('get', '/api/tasks/{id}', await api().get(`/api/tasks/${id}`), 200).body as Task;
  const summaryOf = async (id: string) => {
    const all = documented.expect('get', '/api/tasks', await api().get('/api/tasks?view=summary'), 200).body as TaskSummary[];
    return all.find((t) => t.id === id)!;
  };
  const history = async (id: string) => documented.expect('get', '/api/tasks/{id}/exports', await api().get(`/api/tasks/${id}/exports`), 200).body as ExportRecord[];
  const follow = (taskId: string, priceListId: string | null) => api().patch(`/api/tasks/${taskId}`).send({ priceListId });

  it('refuses a list that is not there, or no id, with 400 and no change', async () => {
    const task = await readyTask(sampleItems().slice(0, 2));
    const res = await follow(task.id, MISSING);
    expect(documented.expect('patch', '/api/tasks/{id}', res, 400).body).toEqual({ error: ERR.invalidField('priceListId', PRICE_LIST_ERR.noSuchList) });
    expect((await follow(task.id, 'молоко' as string).expect(400)).body).toEqual({ error: ERR.invalidField('priceListId', PRICE_LIST_ERR.idInvalid) });
    expect((await api().patch(`/api/tasks/${task.id}`).send({ priceListId: 5 }).expect(400)).body).toEqual({ error: ERR.invalidField('priceListId', PRICE_LIST_ERR.idInvalid) });
    expect(await getTask(task.id)).toMatchObject({ priceListId: null, priceList: null, stale: false, version: task.version });
    expect(await taskEvents(task.id, 'task.price-list')).toEqual([]);
  });

  it('generates with the current version at the time, records it, and tells stale tasks', async () => {
    const task = await readyTask(sampleItems());
    const list = await createList();

    // Following a list without versions: no price file, and generate says so.
    const followed = documented.expect('patch', '/api/tasks/{id}', await follow(task.id, list.id), 200).body as Task;
    expect(followed).toMatchObject({ priceListId: list.id, priceList: { id: list.id, name: list.name, current: null }, stale: false });
    expect(followed.files.price).toBeNull();
    expect((await api().post(`/api/tasks/${task.id}/generate`).expect(409)).body).toEqual({ error: ERR.noPrice });
    expect((await api().post(`/api/tasks/${task.id}/check`).expect(409)).body).toEqual({ error: ERR.noPrice });

    const v1 = await addVersion(list.id, fixtureBytes('price-sample.xlsx'), 'неделя 47.xlsx');
    expect(v1.taskIds).toEqual([task.id]);
    const withV1 = await getTask(task.id);
    expect(withV1.files.price).toEqual({ name: 'неделя 47.xlsx', size: v1.version.size, uploadedAt: v1.version.uploadedAt });
    expect(withV1.priceList).toEqual({ id: list.id, name: list.name, current: asUploaded(v1.version) });
    expect((await summaryOf(task.id)).files.price).toEqual(withV1.files.price);
    // Never exported: nothing to be stale against.
    expect(withV1.stale).toBe(false);

    const first = await generate(task.id).expect(200);
    expect((await dataRows(first.body as Buffer))[0][4]).toBe(49.9);
    expect((await history(task.id))[0].priceVersion).toEqual({ id: v1.version.id, uploadedAt: v1.version.uploadedAt });
    expect((await getTask(task.id)).stale).toBe(false);

    const v2 = await addVersion(list.id, repricedCsv('59,9'), 'неделя 48.csv');
    expect(v2.taskIds).toEqual([task.id]);
    expect((await getTask(task.id)).stale).toBe(true);
    expect((await summaryOf(task.id)).stale).toBe(true);
    expect((await summaryOf(task.id)).files.price).toMatchObject({ name: 'неделя 48.csv' });
    expect((await api().get(`/api/price-lists/${list.id}`).expect(200)).body as PriceList).toMatchObject({ taskCount: 1, staleCount: 1, current: asUploaded(v2.version) });
    const all = (await api().get('/api/tasks').expect(200)).body as Task[];
    expect(all.find((t) => t.id === task.id)).toMatchObject({ stale: true, priceList: { current: asUploaded(v2.version) } });

    // The check reads the new version too.
    const check = await api().post(`/api/tasks/${task.id}/check`).expect(200);
    expect(check.body.rows[0]).toMatchObject({ status: 'found' });
    expect(JSON.stringify(check.body.rows[0].cells)).toContain('59.9');

    const second = await generate(task.id).expect(200);
    expect((await dataRows(second.body as Buffer))[0][4]).toBe(59.9);
    const [newest, older] = await history(task.id);
    expect([newest.priceVersion?.id, older.priceVersion?.id]).toEqual([v2.version.id, v1.version.id]);
    expect((await getTask(task.id)).stale).toBe(false);
    expect((await summaryOf(task.id)).stale).toBe(false);
    expect((await api().get(`/api/price-lists/${list.id}`).expect(200)).body).toMatchObject({ staleCount: 0 });

    // Its own file again: the upload it kept, no list, never stale.
    const own = documented.expect('patch', '/api/tasks/{id}', await follow(task.id, null), 200).body as Task;
    expect(own).toMatchObject({ priceListId: null, priceList: null, stale: false, files: { price: { name: 'price.xlsx' } } });
    const third = await generate(task.id).expect(200);
    expect((await dataRows(third.body as Buffer))[0][4]).toBe(49.9);
    expect((await history(task.id))[0].priceVersion).toBeNull();

    const events = await taskEvents(task.id, 'task.price-list');
    expect(events.map((e) => e.details)).toEqual([
      { from: null, to: { id: list.id, name: list.name } },
      { from: { id: list.id, name: list.name }, to: null },
    ]);
  });

  it('a follow that changes nothing is not in the journal; the price file routes serve the version', async () => {
    const task = await readyTask(sampleItems().slice(0, 3));
    const list = await createList();
    const csv = repricedCsv('61,5');
    await addVersion(list.id, csv, 'прайс.csv');
    await follow(task.id, list.id).expect(200);
    await follow(task.id, list.id).expect(200);
    expect(await taskEvents(task.id, 'task.price-list')).toHaveLength(1);
    const back = await api().get(`/api/tasks/${task.id}/files/price`).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(back.body as Buffer, csv)).toBe(0);
    const columns = await api().get(`/api/tasks/${task.id}/files/price/columns`).expect(200);
    expect(columns.body.sheet).toBe('');
  });

  it('refuses to delete a list while tasks follow it, and deletes it once none do', async () => {
    const task = await readyTask(sampleItems().slice(0, 1));
    const list = await createList();
    await addVersion(list.id);
    await follow(task.id, list.id).expect(200);
    const res = await api().delete(`/api/price-lists/${list.id}`);
    expect(documented.expect('delete', '/api/price-lists/{id}', res, 409).body).toEqual({ error: PRICE_LIST_ERR.inUse(1) });
    expect((await listEvents(list.id)).map((e) => e.action)).toEqual(['price-list.create', 'price-list.version']);
    await follow(task.id, null).expect(200);
    await api().delete(`/api/price-lists/${list.id}`).expect(204);
    expect((await listEvents(list.id)).map((e) => e.action)).toEqual(['price-list.create', 'price-list.version', 'price-list.delete']);
  });

  it('serves the newest finished export at exports/latest/file', async () => {
    const task = await readyTask(sampleItems().slice(0, 2));
    const none = await api().get(`/api/tasks/${task.id}/exports/latest/file`);
    expect(documented.expect('get', '/api/tasks/{id}/exports/latest/file', none, 404).body).toEqual({ error: ERR.exportNotFound });
    expect((await api().get(`/api/tasks/${MISSING}/exports/latest/file`).expect(404)).body).toEqual({ error: ERR.exportNotFound });
    await generate(task.id).expect(200);
    const made = await generate(task.id).expect(200);
    const latest = await api().get(`/api/tasks/${task.id}/exports/latest/file`).buffer(true).parse(binary);
    documented.expect('get', '/api/tasks/{id}/exports/latest/file', latest, 200);
    expect(latest.headers[EXPORT_HEADERS.id.toLowerCase()]).toBe(made.headers[EXPORT_HEADERS.id.toLowerCase()]);
    expect(Buffer.compare(latest.body as Buffer, made.body as Buffer)).toBe(0);
  });
});
