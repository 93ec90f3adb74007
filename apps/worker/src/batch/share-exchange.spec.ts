import { ShareExchange, type ExchangeStore, type ShareExchangeOptions } from './share-exchange';

/** Redis as the exchange uses it: strings and buffers with expiry. */
class FakeStore implements ExchangeStore {
  readonly data = new Map<string, { value: string | Buffer; until: number }>();
  failing = false;

  private live(key: string) {
    const e = this.data.get(key);
    if (e && e.until <= Date.now()) this.data.delete(key);
    return this.data.get(key);
  }
  private check() {
    if (this.failing) return Promise.reject(new Error('Connection is closed.'));
    return Promise.resolve();
  }
  async set(key: string, value: string | Buffer, _px: 'PX', ms: number, nx?: 'NX'): Promise<'OK' | null> {
    await this.check();
    if (nx && this.live(key)) return null;
    this.data.set(key, { value, until: Date.now() + ms });
    return 'OK';
  }
  async getBuffer(key: string) {
    await this.check();
    const v = this.live(key)?.value;
    return v === undefined ? null : Buffer.from(v);
  }
  async get(key: string) {
    await this.check();
    return this.live(key)?.value.toString() ?? null;
  }
  async pexpire(key: string, ms: number) {
    await this.check();
    const e = this.live(key);
    if (e) e.until = Date.now() + ms;
    return e ? 1 : 0;
  }
  async del(...keys: string[]) {
    await this.check();
    return keys.filter((k) => this.data.delete(k)).length;
  }
  async quit() {
    return 'OK';
  }
}

const options: ShareExchangeOptions = { prefix: 'test', lockMs: 10_000, waitMs: 10_000, pollMs: 2, ttlMs: 60_000 };
const share = (text: string) => ({ bytes: new Uint8Array(Buffer.from(text)) });
const text = (s: { bytes: Uint8Array }) => Buffer.from(s.bytes).toString();

/** A build the test ends by hand. */
function manualBuild() {
  let resolve!: (v: { bytes: Uint8Array }) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<{ bytes: Uint8Array }>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { build: jest.fn(() => promise), resolve, reject };
}

describe('ShareExchange', () => {
  it('one worker builds; another waits and gets the same bytes instead of building', async () => {
    const store = new FakeStore();
    const [a, b] = [new ShareExchange(store, options), new ShareExchange(store, options)];
    const first = manualBuild();
    const other = jest.fn(async () => share('other'));
    const got = [a.obtain('b1', 'p', first.build), b.obtain('b1', 'p', other)];
    await new Promise((r) => setTimeout(r, 20));
    first.resolve(share('built once'));
    expect((await Promise.all(got)).map(text)).toEqual(['built once', 'built once']);
    expect(other).not.toHaveBeenCalled();
    // The lock is gone; the share stays for later children until the batch ends.
    expect([...store.data.keys()]).toEqual(['test:batch-share:b1:p:data']);
    await a.release('b1', ['p']);
    expect(store.data.size).toBe(0);
  });

  it('a failed build frees the lock at once: a waiter builds its own', async () => {
    const store = new FakeStore();
    const [a, b] = [new ShareExchange(store, options), new ShareExchange(store, options)];
    const failing = manualBuild();
    const mine = jest.fn(async () => share('own'));
    const got = [a.obtain('b1', 'p', failing.build).catch((e: Error) => e.message), b.obtain('b1', 'p', mine)];
    await new Promise((r) => setTimeout(r, 20));
    failing.reject(new Error('broken list'));
    const [failed, own] = await Promise.all(got);
    expect(failed).toBe('broken list');
    expect(text(own as { bytes: Uint8Array })).toBe('own');
  });

  it('a dead builder (its lock never released) holds nobody past its lock’s life', async () => {
    const store = new FakeStore();
    await store.set('test:batch-share:b1:p:lock', 'a worker that died', 'PX', 30);
    const got = await new ShareExchange(store, options).obtain('b1', 'p', async () => share('own'));
    expect(text(got)).toBe('own');
  });

  it('a builder alive but too slow: the waiter builds its own once waitMs has passed', async () => {
    const store = new FakeStore();
    const slow = manualBuild();
    void new ShareExchange(store, options).obtain('b1', 'p', slow.build);
    const got = await new ShareExchange(store, { ...options, waitMs: 30 }).obtain('b1', 'p', async () => share('own'));
    expect(text(got)).toBe('own');
    slow.resolve(share('late'));
  });

  it('Redis failing: every worker builds its own, as without the exchange', async () => {
    const store = new FakeStore();
    store.failing = true;
    const got = await new ShareExchange(store, options).obtain('b1', 'p', async () => share('own'));
    expect(text(got)).toBe('own');
    await expect(new ShareExchange(store, options).release('b1', ['p'])).resolves.toBeUndefined();
  });

  it('keeps batches and price files apart', async () => {
    const store = new FakeStore();
    const x = new ShareExchange(store, options);
    await x.obtain('b1', 'p', async () => share('b1 p'));
    expect(text(await x.obtain('b1', 'q', async () => share('b1 q')))).toBe('b1 q');
    expect(text(await x.obtain('b2', 'p', async () => share('b2 p')))).toBe('b2 p');
    expect(text(await x.obtain('b1', 'p', async () => share('again')))).toBe('b1 p');
  });
});
