import type * as oas from 'openapi3-ts/oas31';
import { ERR, SOURCE_ERR, SOURCE_FIELD_ERR, SOURCE_RUN_TEXT, type PriceList, type PriceListSource, type PriceListVersion, type SourceRun, type SourceTestResult } from '@app/contracts';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { api } from '../support/api-client';
import { startDovecot, type Dovecot } from '../support/dovecot';
import { DocumentedApi } from '../support/openapi-contract';
import { createList, listEvents, repricedCsv } from '../support/price-lists';
import { sql } from '../support/inspect';
import { startSupplierServer, type SupplierServer } from '../support/supplier-server';
import { selfSignedCert } from '../support/self-signed';

const SAMPLE_CSV = () => fixtureBytes('csv/price-utf8-bom-semicolon.csv');

/** Polls a list's runs until `count` have ended (no timing asserted: the deadline only stops a hang). */
async function endedRuns(listId: string, count: number, timeoutMs = 60_000): Promise<SourceRun[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const runs = (await api().get(`/api/price-lists/${listId}/source/runs`).expect(200)).body as SourceRun[];
    const ended = runs.filter((r) => r.finishedAt !== null);
    if (ended.length >= count) return ended;
    if (Date.now() > deadline) throw new Error(`runs of ${listId}: ${JSON.stringify(runs)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `Проверить сейчас`, then the run it made. */
async function pollNow(listId: string): Promise<SourceRun> {
  const before = ((await api().get(`/api/price-lists/${listId}/source/runs`).expect(200)).body as SourceRun[]).length;
  await api().post(`/api/price-lists/${listId}/source/run`).expect(202);
  return (await endedRuns(listId, before + 1))[0];
}

const versionsOf = async (listId: string) => (await api().get(`/api/price-lists/${listId}/versions`).expect(200)).body as PriceListVersion[];

/**
 * DESIGN §16 «Sources», through the real API, queue and worker, against servers the test runs: a
 * supplier's web server and Debian's dovecot. Every bad input ends a run `failed` with a Russian
 * message and makes no version.
 */
describe('price lists that arrive by themselves (DESIGN §16)', () => {
  let documented: DocumentedApi;
  let supplier: SupplierServer;
  let dovecot: Dovecot;
  beforeAll(async () => {
    documented = new DocumentedApi((await api().get('/api/openapi.json').expect(200)).body as oas.OpenAPIObject);
    supplier = await startSupplierServer();
    dovecot = await startDovecot();
  });
  afterAll(async () => {
    await supplier?.stop();
    await dovecot?.stop();
  });

  const put = (listId: string, body: object) => api().put(`/api/price-lists/${listId}/source`).send(body);

  it('an address with basic auth: a new file becomes a version, the same one again costs one conditional request, a changed one is compared', async () => {
    const list = await createList();
    const auth = { basic: { login: 'shop', password: 'пароль-поставщика' } };
    supplier.publish('/a/prices.csv', { body: SAMPLE_CSV(), etag: '"v1"', auth, disposition: "attachment; filename*=UTF-8''%D0%9F%D1%80%D0%B0%D0%B9%D1%81.csv" });
    const saved = documented.expect('put', '/api/price-lists/{id}/source', await put(list.id, { kind: 'url', url: supplier.url('/a/prices.csv'), login: 'shop', password: 'пароль-поставщика', everyMinutes: 30 }), 200).body as PriceListSource;
    expect(saved).toMatchObject({ kind: 'url', login: 'shop', hasPassword: true, hasToken: false, everyMinutes: 30, failures: 0 });
    expect(JSON.stringify(saved)).not.toContain('пароль-поставщика');
    expect(Date.parse(saved.nextRunAt!)).toBeGreaterThan(Date.now());
    const [stored] = await sql<{ secrets: string }>(`SELECT secrets FROM price_list_sources WHERE price_list_id = $1`, [list.id]);
    expect(stored.secrets).toMatch(/^v1:/);
    expect(stored.secrets).not.toContain('пароль');

    const test = documented.expect('post', '/api/price-lists/{id}/source/test', await api().post(`/api/price-lists/${list.id}/source/test`).send({}), 200).body as SourceTestResult;
    expect(test).toMatchObject({ ok: true, files: [{ name: 'Прайс.csv' }] });
    expect(await versionsOf(list.id)).toEqual([]);

    const first = await pollNow(list.id);
    expect(first).toMatchObject({ outcome: 'new-version', message: SOURCE_RUN_TEXT.newVersion('Прайс.csv') });
    const [version] = await versionsOf(list.id);
    expect(version).toMatchObject({ id: first.versionId, name: 'Прайс.csv', status: 'current', origin: 'url', uploadedBy: { displayName: 'admin' } });

    supplier.requests.length = 0;
    expect(await pollNow(list.id)).toMatchObject({ outcome: 'unchanged', message: SOURCE_RUN_TEXT.unchanged, versionId: null });
    expect(supplier.requests.map((r) => r.headers['if-none-match'])).toEqual(['"v1"']);

    supplier.publish('/a/prices.csv', { body: repricedCsv('4990'), etag: '"v2"', auth });
    const held = await pollNow(list.id);
    expect(held.outcome).toBe('held');
    expect(held.message).toMatch(/^Версия «prices\.csv» задержана: Цена выросла более чем вдвое/);
    expect((await versionsOf(list.id)).map((v) => v.status)).toEqual(['held', 'current']);

    const runs = documented.expect('get', '/api/price-lists/{id}/source/runs', await api().get(`/api/price-lists/${list.id}/source/runs`), 200).body as SourceRun[];
    expect(runs.map((r) => r.outcome)).toEqual(['held', 'unchanged', 'new-version']);
    expect((await listEvents(list.id)).map((e) => e.action)).toEqual(expect.arrayContaining(['price-source.set', 'price-source.run', 'price-version.hold']));
  });

  it('every bad address ends its run failed with a Russian message, and makes no version', async () => {
    const list = await createList();
    supplier.publish('/b/not-a-price.pdf', { body: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 0)]) });
    supplier.publish('/b/token.csv', { body: SAMPLE_CSV(), auth: { bearer: 'tok-123' } });
    const cases: [string, object, string | RegExp][] = [
      ['refused connection', { url: 'http://127.0.0.1:9/prices.csv' }, SOURCE_ERR.unreachable('127.0.0.1:9')],
      ['unknown host', { url: 'http://prices.example.invalid/p.csv' }, SOURCE_ERR.dns('prices.example.invalid')],
      ['401', { url: supplier.url('/b/token.csv') }, SOURCE_ERR.accessDenied(401)],
      ['403', { url: supplier.url('/b/token.csv'), token: 'wrong' }, SOURCE_ERR.accessDenied(403)],
      ['404', { url: supplier.url('/status/404') }, SOURCE_ERR.notFound],
      ['500', { url: supplier.url('/status/500') }, SOURCE_ERR.serverError(500)],
      ['time-out', { url: supplier.url('/slow') }, SOURCE_ERR.timeout(3000)],
      ['too big', { url: supplier.url(`/big/${26 * 2 ** 20}`) }, SOURCE_ERR.tooBig(25 * 2 ** 20)],
      ['too many redirects', { url: supplier.url('/loop') }, SOURCE_ERR.tooManyRedirects(5)],
      ['not a price list', { url: supplier.url('/b/not-a-price.pdf') }, /^Файл «not-a-price\.pdf» не принят: /],
    ];
    for (const [what, settings, message] of cases) {
      await put(list.id, { kind: 'url', ...settings }).expect(200);
      const run = await pollNow(list.id);
      expect({ what, outcome: run.outcome, versionId: run.versionId }).toEqual({ what, outcome: 'failed', versionId: null });
      if (typeof message === 'string') expect(run.message).toBe(message);
      else expect(run.message).toMatch(message);
    }
    // A server whose certificate nobody vouches for (self-signed): a TLS error, never a file.
    const https = await startSupplierServer({ tls: selfSignedCert() });
    try {
      https.publish('/tls/prices.csv', { body: SAMPLE_CSV() });
      await put(list.id, { kind: 'url', url: https.url('/tls/prices.csv') }).expect(200);
      expect(await pollNow(list.id)).toMatchObject({ outcome: 'failed', message: SOURCE_ERR.tls(`127.0.0.1:${https.port}`), versionId: null });
    } finally {
      await https.stop();
    }
    expect(await versionsOf(list.id)).toEqual([]);
    const source = (await api().get(`/api/price-lists/${list.id}/source`).expect(200)).body as PriceListSource;
    expect(source.failures).toBe(1); // each PUT starts the count again
    await put(list.id, { kind: 'url', url: supplier.url('/b/token.csv'), token: 'tok-123' }).expect(200);
    expect((await pollNow(list.id)).outcome).toBe('new-version');
  });

  it('refuses a wrong source with a 400 naming the field, and never answers a secret', async () => {
    const list = await createList();
    const bad = async (body: object) => (documented.expect('put', '/api/price-lists/{id}/source', await put(list.id, body), 400).body as { error: string }).error;
    expect(await bad({ kind: 'ftp' })).toBe(ERR.invalidField('kind', SOURCE_FIELD_ERR.kind));
    expect(await bad({ kind: 'url' })).toBe(ERR.invalidField('url', SOURCE_FIELD_ERR.required));
    expect(await bad({ kind: 'url', url: 'ftp://x.ru/p.csv' })).toBe(ERR.invalidField('url', SOURCE_ERR.badUrl));
    expect(await bad({ kind: 'url', url: 'https://u:p@x.ru/p.csv' })).toBe(ERR.invalidField('url', SOURCE_FIELD_ERR.urlCredentials));
    expect(await bad({ kind: 'url', url: 'https://x.ru/p.csv', login: 'a', password: 'b', token: 't' })).toBe(ERR.invalidField('token', SOURCE_FIELD_ERR.authTwice));
    expect(await bad({ kind: 'url', url: 'https://x.ru/p.csv', everyMinutes: 2 })).toBe(ERR.invalidField('everyMinutes', SOURCE_FIELD_ERR.everyMinutes));
    expect(await bad({ kind: 'url', url: 'https://x.ru/p.csv', cron: '99 * * * *' })).toBe(ERR.invalidField('cron', SOURCE_FIELD_ERR.cron));
    expect(await bad({ kind: 'url', url: 'https://x.ru/p.csv', cron: '0 9 * * 1', timezone: 'Europe/Mscow' })).toBe(ERR.invalidField('timezone', SOURCE_FIELD_ERR.timezone));
    expect(await bad({ kind: 'mailbox', host: 'imap.x.ru', login: 'a' })).toBe(ERR.invalidField('password', SOURCE_FIELD_ERR.required));
    expect(await bad({ kind: 'mailbox', host: 'imap.x.ru', login: 'a', password: 'b', from: 'кто-то' })).toBe(ERR.invalidField('from', SOURCE_FIELD_ERR.from));
    expect((await api().get(`/api/price-lists/${list.id}/source`).expect(404)).body).toEqual({ error: SOURCE_FIELD_ERR.noSource });

    // A cron schedule in its time zone; the password kept when left out, removed with null.
    const set = (await put(list.id, { kind: 'mailbox', host: 'imap.x.ru', login: 'a', password: 'b', cron: '0 9 * * 1', timezone: 'Asia/Yekaterinburg' }).expect(200)).body as PriceListSource;
    expect(set).toMatchObject({ cron: '0 9 * * 1', timezone: 'Asia/Yekaterinburg', hasPassword: true });
    expect(new Date(set.nextRunAt!).getUTCHours()).toBe(4);
    expect(((await put(list.id, { kind: 'mailbox', host: 'imap.x.ru', login: 'a', folder: 'Прайсы' }).expect(200)).body as PriceListSource).hasPassword).toBe(true);
    await api().delete(`/api/price-lists/${list.id}/source`).expect(204);
    expect(((await api().get(`/api/price-lists/${list.id}`).expect(200)).body as PriceList).hasSource).toBe(false);
  });

  it('a mailbox: each new matching message’s attachment becomes a version, taken once, marked seen and moved; bad ones fail their run', async () => {
    const list = await createList();
    dovecot.addUser('prices', 'почта-пароль');
    await dovecot.createFolder('prices', 'Обработано');
    const mail = (from: string, subject: string, attachments: { filename: string; content: Buffer }[]) => ({ from, to: 'prices@shop.example', subject, text: 'Прайс во вложении', attachments });
    await dovecot.putMessage('prices', mail('sales@other.example', 'Прайс', [{ filename: 'прайс.csv', content: SAMPLE_CSV() }]));
    await dovecot.putMessage('prices', mail('price@supplier.example', 'Прайс на неделю 48', [{ filename: 'readme.txt', content: Buffer.from('см. вложение') }, { filename: 'Прайс 25.11.csv', content: SAMPLE_CSV() }]));
    const source = { kind: 'mailbox', host: dovecot.host, port: dovecot.port, tls: false, login: 'prices', password: 'почта-пароль', from: '@supplier.example', subjectContains: 'прайс', fileName: '*.csv', processedFolder: 'Обработано' };
    await put(list.id, source).expect(200);

    const test = (await api().post(`/api/price-lists/${list.id}/source/test`).send({}).expect(200)).body as SourceTestResult;
    expect(test).toMatchObject({ ok: true, files: [{ name: 'Прайс 25.11.csv' }] });

    const run = await pollNow(list.id);
    expect(run).toMatchObject({ outcome: 'new-version', message: SOURCE_RUN_TEXT.newVersion('Прайс 25.11.csv') });
    expect((await versionsOf(list.id)).map((v) => [v.name, v.origin, v.status])).toEqual([['Прайс 25.11.csv', 'mailbox', 'current']]);
    expect((await dovecot.listFolder('prices', 'Обработано')).map((m) => [m.subject, m.seen])).toEqual([['Прайс на неделю 48', true]]);
    expect((await dovecot.listFolder('prices')).map((m) => [m.subject, m.seen])).toEqual([['Прайс', false]]);
    // Taken once: nothing new.
    expect(await pollNow(list.id)).toMatchObject({ outcome: 'unchanged', message: SOURCE_RUN_TEXT.unchangedNoMail });

    await dovecot.putMessage('prices', mail('price@supplier.example', 'Прайс без файла', [{ filename: 'прайс.pdf', content: Buffer.from('%PDF') }]));
    expect(await pollNow(list.id)).toMatchObject({ outcome: 'failed', message: SOURCE_ERR.noAttachment('*.csv') });
    await put(list.id, { ...source, password: 'не тот' }).expect(200);
    expect(await pollNow(list.id)).toMatchObject({ outcome: 'failed', message: SOURCE_ERR.mailAuth });
    await put(list.id, { ...source, folder: 'Нет такой' }).expect(200);
    expect(await pollNow(list.id)).toMatchObject({ outcome: 'failed', message: SOURCE_ERR.mailFolder('Нет такой') });
    expect(await versionsOf(list.id)).toHaveLength(1);
  });
});
