import type * as oas from 'openapi3-ts/oas31';
import { ERR, PRICE_GUARD, PRICE_LIST_ERR, type AddPriceVersionResponse, type BatchSummary, type PriceList, type PriceListDiff, type PriceListVersion, type Task } from '@app/contracts';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { readWorkbook } from '@app/export-engine/testing/workbook-builders';
import { api, binary } from '../support/api-client';
import { waitForBatch } from '../support/batches';
import { dataRows, generate, readyTask } from '../support/generate-helpers';
import { DocumentedApi } from '../support/openapi-contract';
import { addVersion, createList, keptTable, listEvents, repricedCsv, uploadVersion } from '../support/price-lists';
import { sql } from '../support/inspect';

/** A supplier's list as CSV: `rows` codes with a price each, under the headers a real one has. */
function csvList(rows: number, change: (i: number, price: number) => number | null = (_, p) => p, priceHeader = 'Цена с НДС'): Buffer {
  const lines = [`Код МА;Код ГМ;Наименование;${priceHeader}`];
  for (let i = 0; i < rows; i++) {
    const price = change(i, 100 + i);
    if (price === null) continue;
    lines.push(`${String(1000 + i).padStart(7, '0')};${50000 + i};Товар ${i};${String(price).replace('.', ',')}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/**
 * DESIGN §16 «Compare and guard»: every new version is compared with the current one before it is
 * used; past a threshold it is held, and a held version changes nothing until staff accept it.
 */
describe('price-list versions compared and guarded (DESIGN §16)', () => {
  let documented: DocumentedApi;
  beforeAll(async () => {
    documented = new DocumentedApi((await api().get('/api/openapi.json').expect(200)).body as oas.OpenAPIObject);
  });

  const versions = async (listId: string) => (await api().get(`/api/price-lists/${listId}/versions`).expect(200)).body as PriceListVersion[];
  const upload = async (listId: string, bytes: Buffer, name = 'прайс.csv') => documented.expect('post', '/api/price-lists/{id}/versions', await uploadVersion(listId, bytes, name), 201).body as AddPriceVersionResponse;

  it('holds each kind of broken list with its reason, and lets a sound one through', async () => {
    const cases: { name: string; bytes: Buffer; code: string; message?: string }[] = [
      { name: 'half the rows', bytes: csvList(200, (i, p) => (i % 2 ? null : p)), code: 'rows-dropped', message: PRICE_GUARD.rowsDropped('50', '200', '100') },
      { name: 'most prices changed', bytes: csvList(200, (i, p) => (i < 150 ? p + 1 : p)), code: 'many-changed', message: PRICE_GUARD.manyChanged('75', '150', '200') },
      { name: 'prices ×100', bytes: csvList(200, (i, p) => (i < 10 ? p * 100 : p)), code: 'price-jump' },
      { name: 'the price column renamed', bytes: csvList(200, undefined, 'Цена без НДС'), code: 'column-missing', message: PRICE_GUARD.columnMissing('Цена с НДС') },
    ];
    for (const c of cases) {
      const list = await createList();
      const first = await upload(list.id, csvList(200));
      expect(first.version).toMatchObject({ status: 'current', holdReasons: null, compared: false, origin: 'upload' });
      const held = (await upload(list.id, c.bytes, `${c.name}.csv`)).version;
      expect({ name: c.name, status: held.status, codes: held.holdReasons?.map((r) => r.code) }).toEqual({ name: c.name, status: 'held', codes: [c.code] });
      if (c.message) expect(held.holdReasons![0].message).toBe(c.message);
      // The list still reads the first version.
      expect(((await api().get(`/api/price-lists/${list.id}`).expect(200)).body as PriceList).current?.id).toBe(first.version.id);
    }
    const jump = await createList();
    await upload(jump.id, csvList(200));
    const jumped = (await upload(jump.id, csvList(200, (i, p) => (i < 10 ? p * 100 : p)))).version;
    expect(jumped.holdReasons![0].message).toMatch(/^Цена выросла более чем вдвое у 10 позиций \(например, \d+: [\d\s,]+ → [\d\s,]+\)$/);

    const sound = await createList();
    const soundFirst = (await upload(sound.id, csvList(200))).version;
    // A first version is compared with nothing, but a worker keeps its table for the comparison that follows it.
    expect(await keptTable(soundFirst.id)).toMatch(/\/tables\//);
    const next = (await upload(sound.id, csvList(201, (i, p) => (i < 3 ? p * 1.05 : p)))).version;
    expect(next).toMatchObject({ status: 'current', holdReasons: null, compared: true });
    expect((await versions(sound.id)).map((v) => v.status)).toEqual(['current', 'old']);
    // The next comparison takes the current version's table as its comparison kept it, not its file: the same diff.
    expect(await keptTable(next.id)).toMatch(/\/tables\//);
    const third = (await upload(sound.id, csvList(201, (i, p) => (i < 3 ? p * 1.05 : i === 10 ? p + 1 : p)))).version;
    const diff = (await api().get(`/api/price-lists/${sound.id}/versions/${third.id}/diff`).expect(200)).body as PriceListDiff;
    expect(diff).toMatchObject({ rowsBefore: 201, rowsAfter: 201, changedTotal: 1, addedTotal: 0, removedTotal: 0 });
    expect(diff.changed).toEqual([expect.objectContaining({ code: '0001010', was: 110, now: 111 })]);
  });

  it('a held version changes nothing until accepted: the task reads the current one and is not stale; the diff and diff.xlsx tell what changed', async () => {
    const task = await readyTask(sampleItems());
    const list = await createList();
    await addVersion(list.id, fixtureBytes('csv/price-utf8-bom-semicolon.csv'), 'неделя 47.csv');
    await api().patch(`/api/tasks/${task.id}`).send({ priceListId: list.id }).expect(200);
    await generate(task.id).expect(200);

    const { version: held } = await upload(list.id, repricedCsv('4990'), 'неделя 48.csv');
    expect(held.status).toBe('held');
    expect(held.holdReasons!.map((r) => r.code)).toEqual(['price-jump']);
    expect(held.holdReasons![0].message).toBe(PRICE_GUARD.priceRose('вдвое', PRICE_GUARD.codes(1, '1'), '0031000: 49,90 → 4\u00a0990,00'));
    expect(((await api().get(`/api/tasks/${task.id}`).expect(200)).body as Task).stale).toBe(false);
    expect((await dataRows((await generate(task.id).expect(200)).body as Buffer))[0][4]).toBe(49.9);

    const diff = documented.expect('get', '/api/price-lists/{id}/versions/{versionId}/diff', await api().get(`/api/price-lists/${list.id}/versions/${held.id}/diff`), 200).body as PriceListDiff;
    expect(diff).toMatchObject({ rowsBefore: 40, rowsAfter: 40, added: [], removed: [], changedTotal: 1, headerChanges: [] });
    expect(diff.changed).toEqual([expect.objectContaining({ code: '0031000', was: 49.9, now: 4990, pct: 9900 })]);
    const xlsx = await api().get(`/api/price-lists/${list.id}/versions/${held.id}/diff.xlsx`).buffer(true).parse(binary).expect(200);
    const sheet = (await readWorkbook(xlsx.body as Buffer)).worksheets[0];
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining(['0031000', 49.9, 4990]));

    const accepted = documented.expect('post', '/api/price-lists/{id}/versions/{versionId}/accept', await api().post(`/api/price-lists/${list.id}/versions/${held.id}/accept`), 200).body as PriceListVersion;
    expect(accepted).toMatchObject({ status: 'current', decidedBy: { login: 'admin' } });
    expect((await versions(list.id)).map((v) => v.status)).toEqual(['current', 'old']);
    expect(((await api().get(`/api/tasks/${task.id}`).expect(200)).body as Task).stale).toBe(true);
    expect((await dataRows((await generate(task.id).expect(200)).body as Buffer))[0][4]).toBe(4990);

    // Decided once: a second decision is refused and changes nothing.
    const again = documented.expect('post', '/api/price-lists/{id}/versions/{versionId}/reject', await api().post(`/api/price-lists/${list.id}/versions/${held.id}/reject`), 409);
    expect(again.body).toEqual({ error: PRICE_LIST_ERR.notHeld });
    const events = (await listEvents(list.id)).map((e) => e.action);
    expect(events).toEqual(expect.arrayContaining(['price-version.hold', 'price-version.accept']));
  });

  it("compares by the key columns a following task's newest export found, where the list's headers name none", async () => {
    const unnamed = (bytes: Buffer) => Buffer.from(bytes.toString('utf8').replace('Артикул;Код МА;Код ГМ;', 'Позиция;Номер;Шифр;'), 'utf8');
    const task = await readyTask(sampleItems());
    const list = await createList();
    await addVersion(list.id, unnamed(fixtureBytes('csv/price-utf8-bom-semicolon.csv')), 'неделя 47.csv');
    await api().patch(`/api/tasks/${task.id}`).send({ priceListId: list.id }).expect(200);
    // Its rules detect the key columns; the export records the ones it found.
    await generate(task.id).expect(200);
    const held = (await upload(list.id, unnamed(repricedCsv('4990')), 'неделя 48.csv')).version;
    expect({ status: held.status, codes: held.holdReasons?.map((r) => r.code) }).toEqual({ status: 'held', codes: ['price-jump'] });
  });

  it('a rejected version is never used; a first version has no diff', async () => {
    const list = await createList();
    const first = await upload(list.id, csvList(100));
    expect((await api().get(`/api/price-lists/${list.id}/versions/${first.version.id}/diff`).expect(404)).body).toEqual({ error: PRICE_LIST_ERR.notCompared });
    const held = (await upload(list.id, csvList(100, (i, p) => (i < 40 ? null : p)))).version;
    const rejected = documented.expect('post', '/api/price-lists/{id}/versions/{versionId}/reject', await api().post(`/api/price-lists/${list.id}/versions/${held.id}/reject`), 200).body as PriceListVersion;
    expect(rejected.status).toBe('rejected');
    expect((await versions(list.id)).map((v) => v.status)).toEqual(['rejected', 'current']);
    expect(((await api().get(`/api/price-lists/${list.id}`).expect(200)).body as PriceList).current?.id).toBe(first.version.id);
    expect((await listEvents(list.id)).map((e) => e.action)).toContain('price-version.reject');
  });

  it('thresholds and compare columns are the list’s own (PATCH), with a Russian 400 for each wrong field and 409 for an outdated page', async () => {
    const list = await createList();
    await upload(list.id, csvList(200));
    const changed = documented.expect('patch', '/api/price-lists/{id}', await api().patch(`/api/price-lists/${list.id}`).send({ version: list.version + 1, guard: { maxRowDropPct: 60 } }), 200).body as PriceList;
    expect(changed.guard).toEqual({ maxRowDropPct: 60, maxChangedPct: 50, maxJumpPct: 100 });
    // Half the rows gone is within 60 %: it passes now.
    expect((await upload(list.id, csvList(200, (i, p) => (i % 2 ? null : p)))).version.status).toBe('current');
    const bad = async (body: object) => (await api().patch(`/api/price-lists/${list.id}`).send(body).expect(400)).body as { error: string };
    expect((await bad({ onNewVersion: 'always' })).error).toBe(ERR.invalidField('onNewVersion', PRICE_LIST_ERR.onNewVersionInvalid));
    expect((await bad({ guard: { maxJumpPct: 5 } })).error).toMatch(/^Поле «guard\.maxJumpPct»: /);
    expect((await bad({ compare: { keyColumns: { ma: 0, gm: 0 }, valueColumns: [4] } })).error).toMatch(/^Поле «compare\.keyColumns»: /);
    expect((await api().patch(`/api/price-lists/${list.id}`).send({ version: 1, deliver: true }).expect(409)).body).toEqual({ error: PRICE_LIST_ERR.changed });
    const events = (await listEvents(list.id)).filter((e) => e.action === 'price-list.settings');
    expect(events.map((e) => e.details)).toEqual([expect.objectContaining({ from: { guard: null }, to: { guard: { maxRowDropPct: 60 } } })]);
  });

  it('runs by itself: a version that becomes current starts a batch of the tasks that follow, as Автоматически', async () => {
    const task = await readyTask(sampleItems());
    const list = await createList();
    await addVersion(list.id, fixtureBytes('csv/price-utf8-bom-semicolon.csv'));
    await api().patch(`/api/tasks/${task.id}`).send({ priceListId: list.id }).expect(200);
    const current = (await api().get(`/api/price-lists/${list.id}`).expect(200)).body as PriceList;
    await api().patch(`/api/price-lists/${list.id}`).send({ version: current.version, onNewVersion: 'generate' }).expect(200);

    const { version } = await upload(list.id, repricedCsv('52,9'), 'неделя 49.csv');
    expect(version.status).toBe('current');
    const batches = (await api().get('/api/batches').expect(200)).body as BatchSummary[];
    const auto = batches.find((b) => b.createdBy?.displayName === 'Автоматически' && b.total === 1);
    expect(auto).toBeDefined();
    const done = await waitForBatch(auto!.id);
    expect(done.tasks).toEqual([expect.objectContaining({ taskId: task.id, status: 'done' })]);
    const event = (await listEvents(list.id)).find((e) => e.action === 'batch');
    expect(event?.details).toMatchObject({ reason: 'new-version', versionId: version.id, priceListId: list.id, action: 'generate' });

    // `check`: the next version is checked against each task, nothing is made.
    const now = (await api().get(`/api/price-lists/${list.id}`).expect(200)).body as PriceList;
    await api().patch(`/api/price-lists/${list.id}`).send({ version: now.version, onNewVersion: 'check' }).expect(200);
    const exportsBefore = (await api().get(`/api/tasks/${task.id}/exports`).expect(200)).body as unknown[];
    const checked = (await upload(list.id, repricedCsv('53,9'), 'неделя 50.csv')).version;
    expect(checked.status).toBe('current');
    const checks = ((await api().get('/api/batches').expect(200)).body as BatchSummary[]).filter((b) => b.createdBy?.displayName === 'Автоматически' && b.action === 'check');
    expect(checks).toHaveLength(1);
    const checkDone = await waitForBatch(checks[0].id);
    expect(checkDone.tasks).toEqual([expect.objectContaining({ taskId: task.id, status: 'done', rows: sampleItems().length })]);
    // Against the task's newest export, made from the version before: the one price that moved.
    expect(checkDone.tasks[0]).toMatchObject({ changes: { changed: 1, added: 0, removed: 0 } });
    expect(checkDone.tasks[0].exportId).toBeUndefined();
    expect((await api().get(`/api/tasks/${task.id}/exports`).expect(200)).body).toHaveLength(exportsBefore.length);
    const checkEvent = (await listEvents(list.id)).find((e) => e.action === 'batch' && (e.details as { versionId?: string }).versionId === checked.id);
    expect(checkEvent?.details).toMatchObject({ reason: 'new-version', action: 'check' });
  });
});
