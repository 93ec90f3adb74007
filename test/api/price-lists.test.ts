import type * as oas from 'openapi3-ts/oas31';
import request from 'supertest';
import { AUTH_ERR, CSV_MIME, ERR, LIMITS, PRICE_LIST_ERR, type AddPriceVersionResponse, type FileColumns, type PriceList, type PriceListVersion } from '@app/contracts';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { titledPriceList } from '@app/export-engine/testing/workbook-builders';
import { api, binary } from '../support/api-client';
import { userWithRole, type TestUser } from '../support/auth';
import { badFiles } from '../support/bad-files';
import { bucket, sql } from '../support/inspect';
import { DocumentedApi } from '../support/openapi-contract';
import { addVersion, asUploaded, countedVersions, createList, keptTable, listEvents, uniqueListName, uploadVersion } from '../support/price-lists';
import { apiUrl } from '../support/test-env';

const MISSING = '00000000-0000-4000-8000-000000000000';
const objectsOf = (listId: string) => bucket().list(`price-lists/${listId}/`);

describe('price lists (DESIGN §12)', () => {
  let documented: DocumentedApi;
  let viewer: TestUser;
  let staff: TestUser;
  beforeAll(async () => {
    documented = new DocumentedApi((await api().get('/api/openapi.json').expect(200)).body as oas.OpenAPIObject);
    [viewer, staff] = [await userWithRole('viewer'), await userWithRole('staff')];
  });

  it('creates, lists, gets and renames a list; each change is in the journal once', async () => {
    const name = uniqueListName('Молоко');
    const created = documented.expect('post', '/api/price-lists', await api().post('/api/price-lists').send({ name: `  ${name} ` }), 201).body as PriceList;
    expect(created).toMatchObject({ name, version: 1, current: null, taskCount: 0, staleCount: 0, createdBy: { login: expect.any(String) } });
    const all = documented.expect('get', '/api/price-lists', await api().get('/api/price-lists'), 200).body as PriceList[];
    expect(all.find((l) => l.id === created.id)).toEqual(created);
    expect(documented.expect('get', '/api/price-lists/{id}', await api().get(`/api/price-lists/${created.id}`), 200).body).toEqual(created);

    const renamed = documented.expect('patch', '/api/price-lists/{id}', await api().patch(`/api/price-lists/${created.id}`).send({ name: `${name} опт`, version: 1 }), 200).body as PriceList;
    expect(renamed).toMatchObject({ name: `${name} опт`, version: 2 });
    // A page opened before the rename: refused, nothing written.
    const stale = await api().patch(`/api/price-lists/${created.id}`).send({ name: 'другое', version: 1 });
    expect(documented.expect('patch', '/api/price-lists/{id}', stale, 409).body).toEqual({ error: PRICE_LIST_ERR.changed });
    // The same name again changes nothing.
    expect((await api().patch(`/api/price-lists/${created.id}`).send({ name: `${name} опт` }).expect(200)).body).toMatchObject({ version: 2 });
    expect((await listEvents(created.id)).map((e) => [e.action, e.details])).toEqual([
      ['price-list.create', { priceListId: created.id, name }],
      ['price-list.rename', { priceListId: created.id, from: name, to: `${name} опт` }],
    ]);
  });

  it('refuses empty, too long and taken names (case-insensitively), writing nothing', async () => {
    const taken = await createList(uniqueListName('Сыр'));
    const other = await createList();
    const before = (await sql(`SELECT count(*)::int AS n FROM audit_events WHERE action LIKE 'price-list.%'`))[0];
    const post = (body: unknown) => api().post('/api/price-lists').send(body as object);
    expect(documented.expect('post', '/api/price-lists', await post({ name: '  ' }), 400).body).toEqual({ error: ERR.invalidField('name', PRICE_LIST_ERR.nameRequired) });
    expect((await post({}).expect(400)).body).toEqual({ error: ERR.invalidField('name', PRICE_LIST_ERR.nameRequired) });
    const long = 'я'.repeat(LIMITS.priceListNameMax + 1);
    expect((await post({ name: long }).expect(400)).body).toEqual({ error: ERR.invalidField('name', PRICE_LIST_ERR.nameTooLong(LIMITS.priceListNameMax)) });
    await post({ name: 'я'.repeat(LIMITS.priceListNameMax) }).expect(201);
    expect(documented.expect('post', '/api/price-lists', await post({ name: taken.name.toUpperCase() }), 409).body).toEqual({ error: PRICE_LIST_ERR.nameTaken });
    const rename = await api().patch(`/api/price-lists/${other.id}`).send({ name: ` ${taken.name.toLowerCase()} ` });
    expect(documented.expect('patch', '/api/price-lists/{id}', rename, 409).body).toEqual({ error: PRICE_LIST_ERR.nameTaken });
    expect((await api().patch(`/api/price-lists/${other.id}`).send({ name: '' }).expect(400)).body).toEqual({ error: ERR.invalidField('name', PRICE_LIST_ERR.nameRequired) });
    expect((await api().patch(`/api/price-lists/${other.id}`).send({ version: 0 }).expect(400)).body).toEqual({ error: ERR.invalidField('version', PRICE_LIST_ERR.versionInvalid) });
    const after = (await sql(`SELECT count(*)::int AS n FROM audit_events WHERE action LIKE 'price-list.%'`))[0];
    // Only the one list of the longest name was made.
    expect(after).toEqual({ n: (before as { n: number }).n + 1 });
  });

  it('answers 404 for a list or version that is not there, and for ids that are no uuid', async () => {
    const list = await createList();
    const notFound = { error: PRICE_LIST_ERR.notFound };
    for (const id of [MISSING, 'не-id']) {
      expect(documented.expect('get', '/api/price-lists/{id}', await api().get(`/api/price-lists/${id}`), 404).body).toEqual(notFound);
      expect((await api().patch(`/api/price-lists/${id}`).send({ name: 'x' }).expect(404)).body).toEqual(notFound);
      expect((await api().delete(`/api/price-lists/${id}`).expect(404)).body).toEqual(notFound);
      expect((await api().get(`/api/price-lists/${id}/versions`).expect(404)).body).toEqual(notFound);
      expect((await uploadVersion(id, fixtureBytes('price-sample.xlsx')).expect(404)).body).toEqual(notFound);
      expect((await api().get(`/api/price-lists/${id}/versions/${MISSING}/file`).expect(404)).body).toEqual(notFound);
    }
    for (const v of [MISSING, 'v1']) {
      const res = await api().get(`/api/price-lists/${list.id}/versions/${v}/file`);
      expect(documented.expect('get', '/api/price-lists/{id}/versions/{versionId}/file', res, 404).body).toEqual({ error: PRICE_LIST_ERR.versionNotFound });
      expect((await api().get(`/api/price-lists/${list.id}/versions/${v}/columns`).expect(404)).body).toEqual({ error: PRICE_LIST_ERR.versionNotFound });
    }
    // Another list's version is not this list's.
    const other = await createList();
    const { version } = await addVersion(other.id);
    await api().get(`/api/price-lists/${list.id}/versions/${version.id}/file`).expect(404);
  });

  it('lets a viewer read and download, staff create, rename and upload, and only admins delete', async () => {
    const list = await createList();
    const { version } = await addVersion(list.id);
    const as = (u: TestUser) => u.agent();
    await as(viewer).get('/api/price-lists').expect(200);
    await as(viewer).get(`/api/price-lists/${list.id}/versions`).expect(200);
    await as(viewer).get(`/api/price-lists/${list.id}/versions/${version.id}/file`).expect(200);
    const forbidden = { error: AUTH_ERR.forbidden };
    expect((await as(viewer).post('/api/price-lists').send({ name: uniqueListName() }).expect(403)).body).toEqual(forbidden);
    expect((await as(viewer).patch(`/api/price-lists/${list.id}`).send({ name: 'x' }).expect(403)).body).toEqual(forbidden);
    expect((await as(viewer).post(`/api/price-lists/${list.id}/versions`).attach('file', fixtureBytes('price-sample.xlsx'), 'p.xlsx').expect(403)).body).toEqual(forbidden);
    const mine = (await as(staff).post('/api/price-lists').send({ name: uniqueListName() }).expect(201)).body as PriceList;
    await as(staff).patch(`/api/price-lists/${mine.id}`).send({ name: uniqueListName() }).expect(200);
    await as(staff).post(`/api/price-lists/${mine.id}/versions`).attach('file', fixtureBytes('price-sample.xlsx'), 'p.xlsx').expect(201);
    expect(documented.expect('delete', '/api/price-lists/{id}', await as(staff).delete(`/api/price-lists/${mine.id}`), 403).body).toEqual(forbidden);
    expect((await as(viewer).delete(`/api/price-lists/${mine.id}`).expect(403)).body).toEqual(forbidden);
    const out = { error: AUTH_ERR.signInRequired };
    expect((await request(apiUrl()).get('/api/price-lists').expect(401)).body).toEqual(out);
    expect((await request(apiUrl()).get(`/api/price-lists/${list.id}/versions/${version.id}/file`).expect(401)).body).toEqual(out);
    expect((await request(apiUrl()).post('/api/price-lists').send({ name: 'x' }).expect(401)).body).toEqual(out);
    documented.expect('delete', '/api/price-lists/{id}', await api().delete(`/api/price-lists/${mine.id}`), 204);
  });

  it.each([
    ['an .xls', badFiles.xls, ERR.fileXls],
    ['an empty file', badFiles.empty, ERR.fileEmpty],
    ['a truncated zip', badFiles.truncated, ERR.fileTruncated],
    ['a text with no table', () => Buffer.from('Прайс будет позже\r\n', 'utf8'), ERR.csvNoRows],
  ])('refuses %s with 422 in Russian: no version, no object, no event', async (_, make, message) => {
    const list = await createList();
    const res = await uploadVersion(list.id, await make(), 'плохой.xlsx');
    expect(documented.expect('post', '/api/price-lists/{id}/versions', res, 422).body).toEqual({ error: message });
    expect((await api().get(`/api/price-lists/${list.id}/versions`).expect(200)).body).toEqual([]);
    expect(await objectsOf(list.id)).toEqual([]);
    expect((await listEvents(list.id)).map((e) => e.action)).toEqual(['price-list.create']);
  });

  it('refuses an upload without a file with 400', async () => {
    const list = await createList();
    const res = await api().post(`/api/price-lists/${list.id}/versions`).field('x', '1');
    expect(documented.expect('post', '/api/price-lists/{id}/versions', res, 400).body).toEqual({ error: ERR.noFile });
  });

  it('adds versions (xlsx and CSV), lists them newest first, serves each byte for byte, and reads its columns', async () => {
    const list = await createList();
    const xlsx = fixtureBytes('price-sample.xlsx');
    const csv = fixtureBytes('csv/price-cp1251-semicolon.csv');
    const first = documented.expect('post', '/api/price-lists/{id}/versions', await uploadVersion(list.id, xlsx, 'Прайс ноябрь.xlsx'), 201).body;
    expect(first).toEqual({ version: expect.objectContaining({ name: 'Прайс ноябрь.xlsx', size: xlsx.length, format: 'xlsx', priceListId: list.id, status: 'current' }), taskIds: [] });
    // A first version is compared with nothing; a worker keeps its table for the next comparison.
    const firstTable = await keptTable(first.version.id);
    expect(firstTable).toMatch(/\/tables\//);
    const second = (await addVersion(list.id, csv, 'прайс.csv')).version;
    expect(second).toMatchObject({ format: 'csv', size: csv.length, uploadedBy: { login: expect.any(String) } });
    const versions = documented.expect('get', '/api/price-lists/{id}/versions', await api().get(`/api/price-lists/${list.id}/versions`), 200).body as PriceListVersion[];
    expect(versions.map((v) => v.id)).toEqual([second.id, first.version.id]);
    expect((await api().get(`/api/price-lists/${list.id}`).expect(200)).body).toMatchObject({ current: asUploaded(second), version: 3 });

    const back = await api().get(`/api/price-lists/${list.id}/versions/${first.version.id}/file`).buffer(true).parse(binary);
    documented.expect('get', '/api/price-lists/{id}/versions/{versionId}/file', back, 200);
    expect(Buffer.compare(back.body as Buffer, xlsx)).toBe(0);
    expect(back.headers['content-disposition']).toContain("filename*=UTF-8''%D0%9F%D1%80%D0%B0%D0%B9%D1%81");
    const backCsv = await api().get(`/api/price-lists/${list.id}/versions/${second.id}/file`).buffer(true).parse(binary).expect(200);
    expect(backCsv.headers['content-type']).toContain(CSV_MIME);
    expect(Buffer.compare(backCsv.body as Buffer, csv)).toBe(0);

    const columns = documented.expect('get', '/api/price-lists/{id}/versions/{versionId}/columns', await api().get(`/api/price-lists/${list.id}/versions/${second.id}/columns`), 200).body as FileColumns;
    expect(columns.columns.map((c) => c.header)).toContain('Код МА');
    const events = (await listEvents(list.id)).filter((e) => e.action === 'price-list.version');
    expect(events.map((e) => e.details)).toEqual([
      { priceListId: list.id, list: list.name, versionId: first.version.id, name: 'Прайс ноябрь.xlsx', size: xlsx.length, sha256: first.version.sha256, origin: 'upload' },
      { priceListId: list.id, list: list.name, versionId: second.id, name: 'прайс.csv', size: csv.length, sha256: second.sha256, origin: 'upload' },
    ]);
    // The two versions' files, the first's kept table, and the second's comparison with the first (diff.xlsx and its kept table, DESIGN §16).
    const objects = await objectsOf(list.id);
    expect(objects.filter((key) => !key.includes('/diffs/') && !key.includes('/tables/'))).toHaveLength(2);
    expect(objects).toContain(firstTable);
    expect(objects.filter((key) => key.includes('/diffs/') || key.includes('/tables/'))).toHaveLength(second.compared ? 3 : 1);
  });

  it('counts each version\'s data rows in a worker, without the upload waiting for it: the rows below the header that hold a value', async () => {
    const list = await createList();
    // Titles and a blank row above the header, two category rows and two items below it.
    const titled = (await addVersion(list.id, await titledPriceList(), 'Прайс с шапкой.xlsx')).version;
    // Two title lines and a blank one above the header, 40 items, a blank line, a totals line.
    const oneC = documented.expect('post', '/api/price-lists/{id}/versions', await uploadVersion(list.id, fixtureBytes('csv/price-1c-title.csv'), '1С.csv'), 201).body as AddPriceVersionResponse;
    // The upload does not wait for the count (a later version's answer waits for its comparison,
    // by which time a worker may have counted it too): null, or the count.
    expect([null, 4]).toContain(titled.rows);
    expect([null, 41]).toContain(oneC.version.rows);

    const versions = await countedVersions(list.id);
    documented.expect('get', '/api/price-lists/{id}/versions', await api().get(`/api/price-lists/${list.id}/versions`), 200);
    expect(versions.map((v) => [v.name, v.rows])).toEqual([
      ['1С.csv', 41],
      ['Прайс с шапкой.xlsx', 4],
    ]);
    // Ten times the rows under other headers: the guard holds it (DESIGN §16) until it is accepted.
    expect(oneC.version.status).toBe('held');
    await api().post(`/api/price-lists/${list.id}/versions/${oneC.version.id}/accept`).expect(200);
    const current = documented.expect('get', '/api/price-lists/{id}', await api().get(`/api/price-lists/${list.id}`), 200).body as PriceList;
    expect(current.current).toMatchObject({ id: oneC.version.id, rows: 41 });
  });

  it('a version without a count (uploaded before rows were counted) is counted when the versions are listed', async () => {
    const list = await createList();
    await addVersion(list.id, fixtureBytes('lo-price-sample.xlsx'), 'LibreOffice.xlsx');
    const [counted] = await countedVersions(list.id);
    expect(counted.rows).toBe(40);
    await sql(`UPDATE price_list_versions SET rows = NULL WHERE id = $1`, [counted.id]);
    expect((await api().get(`/api/price-lists/${list.id}`).expect(200)).body).toMatchObject({ current: { id: counted.id, rows: null } });
    expect((await countedVersions(list.id)).map((v) => v.rows)).toEqual([40]);
  });

  it('deletes a list with its versions; their objects go to housekeeping, the event is written once', async () => {
    const list = await createList();
    await addVersion(list.id);
    const [key] = await objectsOf(list.id);
    await api().delete(`/api/price-lists/${list.id}`).expect(204);
    await api().get(`/api/price-lists/${list.id}`).expect(404);
    await api().delete(`/api/price-lists/${list.id}`).expect(404);
    expect(await sql(`SELECT reason FROM unowned_objects WHERE key = $1`, [key])).toEqual([{ reason: 'replaced' }]);
    expect((await listEvents(list.id)).map((e) => e.action)).toEqual(['price-list.create', 'price-list.version', 'price-list.delete']);
  });
});
