import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type LookupFunction } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SOURCE_ERR, SOURCE_TEST } from '@app/contracts';
import { selfSignedCert, type SelfSigned } from '../../../test/support/self-signed';
import { startSupplierServer, type SupplierServer } from '../../../test/support/supplier-server';
import { SourceError } from './source-error';
import type { SourceLimits } from './source-limits';
import { testConnection } from './test-connection';
import { fetchUrl, testUrl, type UrlFile } from './url-fetch';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const price = Buffer.from('PK\u0003\u0004 a price list, as far as this test cares '.repeat(50));
const MB = 1024 * 1024;

/** Loopback is private, so tests of the other paths allow it; the SSRF tests do not. */
const open: SourceLimits = { maxBytes: 5 * MB, timeoutMs: 10_000, maxRedirects: 5, allowPrivate: true };

/**
 * The machine's own non-loopback IPv4 address: a host that is not private by the rules, yet reaches
 * a test server listening on all interfaces, for the paths where the guard must let a fetch through.
 */
function machineAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  throw new Error('these tests need a non-loopback IPv4 address on this machine (to reach a test server at an address that is not private)');
}

/** A resolver that gives names fixed addresses, one answer after another (the last one repeats). */
function fixedLookup(names: Record<string, string[]>): LookupFunction & { calls: string[] } {
  const calls: string[] = [];
  const lookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    calls.push(hostname);
    const answers = names[hostname];
    if (!answers) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    const address = answers.length > 1 ? answers.shift()! : answers[0];
    const family = address.includes(':') ? 6 : 4;
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction & { calls: string[] };
  lookup.calls = calls;
  return lookup;
}

async function failure(promise: Promise<unknown>): Promise<SourceError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof SourceError) return err;
    throw err;
  }
  throw new Error('expected a SourceError, the fetch succeeded');
}

let server: SupplierServer;
let dir: string;
let n = 0;
const dest = () => join(dir, `fetch-${++n}.part`);

beforeAll(async () => {
  server = await startSupplierServer({ host: '0.0.0.0' });
  dir = mkdtempSync(join(tmpdir(), 'pe-sources-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('fetchUrl: files and conditional GET', () => {
  const lastModified = new Date('2025-11-25T08:00:00Z').toUTCString();
  beforeAll(() => server.publish('/prices/list.xlsx', { body: price, etag: '"v1"', lastModified }));

  it('streams a new file to the given path with its hash, validators and name', async () => {
    const path = dest();
    const got = (await fetchUrl({ url: server.url('/prices/list.xlsx') }, {}, open, path)) as UrlFile;
    expect(got).toEqual({
      outcome: 'file',
      path,
      size: price.length,
      sha256: sha(price),
      fileName: 'list.xlsx',
      etag: '"v1"',
      lastModified,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(readFileSync(path)).toEqual(price);
  });

  it('sends If-None-Match and takes a 304 as unchanged, leaving no file', async () => {
    const path = dest();
    expect(await fetchUrl({ url: server.url('/prices/list.xlsx') }, { etag: '"v1"', lastModified }, open, path)).toEqual({ outcome: 'unchanged', etag: null, lastModified: null });
    expect(server.requests.at(-1)!.headers['if-none-match']).toBe('"v1"');
    expect(server.requests.at(-1)!.headers['if-modified-since']).toBe(lastModified);
    expect(existsSync(path)).toBe(false);
  });

  it('sends If-Modified-Since alone when only the date is known', async () => {
    expect(await fetchUrl({ url: server.url('/prices/list.xlsx') }, { lastModified }, open, dest())).toMatchObject({ outcome: 'unchanged' });
    expect(server.requests.at(-1)!.headers['if-none-match']).toBeUndefined();
  });

  it('takes the same bytes again as unchanged (a server without validators), and other bytes as a file', async () => {
    server.publish('/plain.xlsx', { body: price });
    const path = dest();
    expect(await fetchUrl({ url: server.url('/plain.xlsx') }, { sha256: sha(price) }, open, path)).toEqual({ outcome: 'unchanged', etag: null, lastModified: null });
    expect(existsSync(path)).toBe(false);
    expect(await fetchUrl({ url: server.url('/plain.xlsx') }, { sha256: sha(Buffer.from('older')) }, open, dest())).toMatchObject({ outcome: 'file', sha256: sha(price) });
  });

  it('names the file from Content-Disposition (RFC 5987, raw UTF-8), else the decoded last path segment', async () => {
    server.publish('/d1', { body: price, disposition: `attachment; filename="Price.xlsx"; filename*=UTF-8''${encodeURIComponent('Прайс 25.11.xlsx')}` });
    server.publish('/d2', { body: price, disposition: `attachment; filename="${Buffer.from('Прайс ООО «Ромашка».xlsx').toString('latin1')}"` });
    server.publish('/d3', { body: price, disposition: 'attachment; filename="../../etc/passwd"' });
    server.publish(`/files/${encodeURIComponent('Прайс от 01.12.xlsx')}`, { body: price });
    const name = async (path: string) => ((await fetchUrl({ url: server.url(path) }, {}, open, dest())) as UrlFile).fileName;
    expect(await name('/d1')).toBe('Прайс 25.11.xlsx');
    expect(await name('/d2')).toBe('Прайс ООО «Ромашка».xlsx');
    expect(await name('/d3')).toBe('passwd');
    expect(await name(`/files/${encodeURIComponent('Прайс от 01.12.xlsx')}`)).toBe('Прайс от 01.12.xlsx');
  });
});

describe('fetchUrl: redirects', () => {
  beforeAll(() => server.publish('/target.xlsx', { body: price }));

  it('follows up to five redirects and names the file by the final address', async () => {
    expect(await fetchUrl({ url: server.url('/redirect/5/target.xlsx') }, {}, open, dest())).toMatchObject({ outcome: 'file', fileName: 'target.xlsx', size: price.length });
  });

  it('refuses a sixth redirect and a loop', async () => {
    for (const path of ['/redirect/6/target.xlsx', '/loop']) {
      const err = await failure(fetchUrl({ url: server.url(path) }, {}, open, dest()));
      expect(err.code).toBe('too-many-redirects');
      expect(err.message).toBe(SOURCE_ERR.tooManyRedirects(5));
    }
  });

  it('refuses a redirect to a scheme other than http(s), or to no address at all', async () => {
    for (const target of ['file:///etc/passwd', 'http://[bad']) {
      const err = await failure(fetchUrl({ url: server.url(`/to?url=${encodeURIComponent(target)}`) }, {}, open, dest()));
      expect(err).toMatchObject({ code: 'bad-url', message: SOURCE_ERR.badRedirect });
    }
  });

  it('sends credentials only to the source address’s own origin', async () => {
    server.publish('/secret.xlsx', { body: price, auth: { bearer: 't0ken' } });
    const elsewhere = server.url('/echo', 'localhost'); // the same server under another name: another origin
    await failure(fetchUrl({ url: server.url(`/to?url=${encodeURIComponent(elsewhere)}`), token: 't0ken' }, {}, open, dest()));
    const [hop1, hop2] = server.requests.slice(-2);
    expect(hop1.headers.authorization).toBe('Bearer t0ken');
    expect(hop2.path).toBe('/echo');
    expect(hop2.headers.authorization).toBeUndefined();
    // …and still to the same origin after a redirect.
    expect(await fetchUrl({ url: server.url('/redirect/2/secret.xlsx'), token: 't0ken' }, {}, open, dest())).toMatchObject({ outcome: 'file' });
  });
});

describe('fetchUrl: auth and statuses', () => {
  beforeAll(() => {
    server.publish('/basic.xlsx', { body: price, auth: { basic: { login: 'supplier', password: 'пароль-1' } } });
    server.publish('/bearer.xlsx', { body: price, auth: { bearer: 'abc.def' } });
  });

  it('authenticates with basic auth or a bearer token', async () => {
    expect(await fetchUrl({ url: server.url('/basic.xlsx'), login: 'supplier', password: 'пароль-1' }, {}, open, dest())).toMatchObject({ outcome: 'file' });
    expect(await fetchUrl({ url: server.url('/bearer.xlsx'), token: 'abc.def' }, {}, open, dest())).toMatchObject({ outcome: 'file' });
  });

  it('takes 401 and 403 as access denied', async () => {
    const none = await failure(fetchUrl({ url: server.url('/basic.xlsx') }, {}, open, dest()));
    expect(none).toMatchObject({ code: 'access-denied', status: 401, message: SOURCE_ERR.accessDenied(401) });
    const wrong = await failure(fetchUrl({ url: server.url('/bearer.xlsx'), token: 'nope' }, {}, open, dest()));
    expect(wrong).toMatchObject({ code: 'access-denied', status: 403 });
    expect(wrong.message).toMatch(/^Доступ запрещён/);
  });

  it('names 404, 500 and any other status', async () => {
    expect(await failure(fetchUrl({ url: server.url('/nothing-here.xlsx') }, {}, open, dest()))).toMatchObject({ code: 'not-found', message: SOURCE_ERR.notFound });
    expect(await failure(fetchUrl({ url: server.url('/status/500') }, {}, open, dest()))).toMatchObject({ code: 'server-error', message: 'Ошибка на стороне сервера (HTTP 500)' });
    expect(await failure(fetchUrl({ url: server.url('/status/410') }, {}, open, dest()))).toMatchObject({ code: 'bad-status', message: SOURCE_ERR.badStatus(410) });
  });

  it('refuses an address that is not http(s)', async () => {
    for (const url of ['ftp://supplier.ru/price.xlsx', 'price.xlsx', 'file:///etc/passwd']) {
      expect(await failure(fetchUrl({ url }, {}, open, dest()))).toMatchObject({ code: 'bad-url', message: SOURCE_ERR.badUrl });
    }
  });
});

describe('fetchUrl: size, time and broken connections', () => {
  const small: SourceLimits = { ...open, maxBytes: MB / 2 };

  it('refuses a file over the limit by its Content-Length, and by counting when it has none, leaving no file', async () => {
    for (const path of ['/big/600000', '/big-chunked/600000']) {
      const file = dest();
      const err = await failure(fetchUrl({ url: server.url(path) }, {}, small, file));
      expect(err).toMatchObject({ code: 'too-big', message: 'Файл больше 0,5 МБ' });
      expect(existsSync(file)).toBe(false);
    }
    expect((await failure(fetchUrl({ url: server.url('/big-chunked/3000000') }, {}, { ...open, maxBytes: 2 * MB }, dest()))).message).toBe('Файл больше 2 МБ');
    expect(await fetchUrl({ url: server.url(`/big-chunked/${MB / 2}`) }, {}, small, dest())).toMatchObject({ outcome: 'file', size: MB / 2 });
  });

  it('times out when the answer does not come, or stops half-way', async () => {
    for (const path of ['/slow', '/stall']) {
      const file = dest();
      const err = await failure(fetchUrl({ url: server.url(path) }, {}, { ...open, timeoutMs: 500 }, file));
      expect(err).toMatchObject({ code: 'timeout', message: 'Сервер не ответил за 0,5 с' });
      expect(existsSync(file)).toBe(false);
    }
  });

  it('reports a connection cut mid-body', async () => {
    const file = dest();
    expect(await failure(fetchUrl({ url: server.url('/broken') }, {}, open, file))).toMatchObject({ code: 'broken', message: SOURCE_ERR.broken });
    expect(existsSync(file)).toBe(false);
  });

  it('reports a port nobody listens on as unreachable, and a name that does not resolve as DNS', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    expect(await failure(fetchUrl({ url: `http://127.0.0.1:${closed}/p.xlsx` }, {}, open, dest()))).toMatchObject({ code: 'unreachable', message: SOURCE_ERR.unreachable(`127.0.0.1:${closed}`) });
    expect(await failure(fetchUrl({ url: 'http://prices.supplier.invalid/p.xlsx' }, {}, open, dest()))).toMatchObject({ code: 'dns', message: SOURCE_ERR.dns('prices.supplier.invalid') });
  });
});

describe('fetchUrl: TLS', () => {
  let tls: SelfSigned;
  let secure: SupplierServer;
  beforeAll(async () => {
    tls = selfSignedCert();
    secure = await startSupplierServer({ tls });
    secure.publish('/price.xlsx', { body: price });
  });
  afterAll(() => secure.stop());

  it('refuses a self-signed certificate', async () => {
    const err = await failure(fetchUrl({ url: secure.url('/price.xlsx') }, {}, open, dest()));
    expect(err).toMatchObject({ code: 'tls', message: SOURCE_ERR.tls(`127.0.0.1:${secure.port}`) });
  });

  it('fetches over https from a server whose CA is trusted, by name and by address', async () => {
    const trusted = { ...open, extraCa: [tls.cert] };
    expect(await fetchUrl({ url: secure.url('/price.xlsx', 'localhost') }, {}, trusted, dest())).toMatchObject({ outcome: 'file', sha256: sha(price) });
    expect(await fetchUrl({ url: secure.url('/price.xlsx') }, {}, trusted, dest())).toMatchObject({ outcome: 'file' });
  });
});

describe('fetchUrl: private addresses (SSRF) when SOURCE_ALLOW_PRIVATE is off', () => {
  const guarded: SourceLimits = { ...open, allowPrivate: false };
  let publicIp: string;
  beforeAll(() => {
    publicIp = machineAddress();
    server.publish('/ok.xlsx', { body: price });
  });

  it('refuses loopback, link-local and unspecified addresses, as literals and as names, without a request', async () => {
    const before = server.requests.length;
    for (const host of ['127.0.0.1', '127.8.9.10', '169.254.169.254', '[::1]', '[::ffff:127.0.0.1]', '[fe80::1]', '0.0.0.0', '[::]', 'localhost']) {
      const err = await failure(fetchUrl({ url: `http://${host}:${server.port}/ok.xlsx` }, {}, guarded, dest()));
      expect(err).toMatchObject({ code: 'private-address', message: SOURCE_ERR.privateAddress(new URL(`http://${host}/`).hostname) });
    }
    expect(server.requests.length).toBe(before);
  });

  it('lets an ordinary address through, and refuses the app’s own', async () => {
    expect(await fetchUrl({ url: server.url('/ok.xlsx', publicIp) }, {}, guarded, dest())).toMatchObject({ outcome: 'file' });
    const own = await failure(fetchUrl({ url: server.url('/ok.xlsx', publicIp) }, {}, { ...guarded, ownAddresses: [publicIp] }, dest()));
    expect(own.code).toBe('private-address');
  });

  it('refuses a redirect from an allowed host to a private one', async () => {
    const before = server.requests.length;
    for (const target of [server.url('/ok.xlsx'), `http://169.254.169.254/latest/meta-data/`, server.url('/ok.xlsx', 'localhost')]) {
      const err = await failure(fetchUrl({ url: server.url(`/to?url=${encodeURIComponent(target)}`, publicIp) }, {}, guarded, dest()));
      expect(err.code).toBe('private-address');
    }
    expect(server.requests.slice(before).map((r) => r.path.split('?')[0])).toEqual(['/to', '/to', '/to']);
  });

  it('checks the address each connection resolves to, so a name that rebinds to loopback is refused', async () => {
    const lookup = fixedLookup({ 'prices.supplier.test': [publicIp, '127.0.0.1'] });
    const err = await failure(fetchUrl({ url: server.url('/redirect/1/ok.xlsx', 'prices.supplier.test') }, {}, { ...guarded, lookup }, dest()));
    expect(err).toMatchObject({ code: 'private-address', message: SOURCE_ERR.privateAddress('prices.supplier.test') });
    expect(lookup.calls).toEqual(['prices.supplier.test', 'prices.supplier.test']);
  });

  it('allows every address with allowPrivate', async () => {
    expect(await fetchUrl({ url: server.url('/ok.xlsx', 'localhost') }, {}, open, dest())).toMatchObject({ outcome: 'file' });
  });
});

describe('testUrl', () => {
  it('names the file and its declared size without reading the body', async () => {
    server.publish('/t.xlsx', { body: price, disposition: `attachment; filename*=UTF-8''${encodeURIComponent('Прайс.xlsx')}` });
    expect(await testUrl({ url: server.url('/redirect/1/t.xlsx') }, open)).toEqual({ ok: true, message: SOURCE_TEST.urlOk('Прайс.xlsx'), files: [{ name: 'Прайс.xlsx', size: price.length }] });
    expect(await testUrl({ url: server.url('/big-chunked/100') }, open)).toMatchObject({ ok: true, files: [{ name: '100', size: null }] });
    expect(await testConnection({ kind: 'url', url: server.url('/t.xlsx') }, open)).toMatchObject({ ok: true, files: [{ name: 'Прайс.xlsx' }] });
  });

  it('answers a failure as ok: false with its message, a file over the limit included', async () => {
    expect(await testUrl({ url: server.url('/status/403') }, open)).toEqual({ ok: false, message: SOURCE_ERR.accessDenied(403), files: [] });
    expect(await testUrl({ url: server.url('/big/600000') }, { ...open, maxBytes: MB / 2 })).toEqual({ ok: false, message: 'Файл больше 0,5 МБ', files: [] });
    expect(await testUrl({ url: `http://127.0.0.1:${server.port}/t.xlsx` }, { ...open, allowPrivate: false })).toMatchObject({ ok: false, message: SOURCE_ERR.privateAddress('127.0.0.1') });
  });
});
