import { PriceShareCache } from './price-share.cache';

const options = { maxEntries: 2, idleMs: 60_000, buildTimeoutMs: 60_000 };

/** A build the test finishes by hand, counting how often it was started. */
function manualBuild<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const build = jest.fn(() => promise);
  return { build, resolve, reject };
}

describe('PriceShareCache', () => {
  afterEach(() => jest.useRealTimers());

  it('builds once for concurrent children of a batch on the same price file', async () => {
    const cache = new PriceShareCache<string>(options);
    const b = manualBuild<string>();
    const waits = [cache.get('b1', 'p', b.build), cache.get('b1', 'p', b.build), cache.get('b1', 'p', b.build)];
    b.resolve('share');
    await expect(Promise.all(waits)).resolves.toEqual(['share', 'share', 'share']);
    expect(b.build).toHaveBeenCalledTimes(1);
    // A later child gets the kept value without a build.
    await expect(cache.get('b1', 'p', b.build)).resolves.toBe('share');
    expect(b.build).toHaveBeenCalledTimes(1);
  });

  it('holds a batch from its first child until the batch is released', async () => {
    const cache = new PriceShareCache<string>(options);
    expect(cache.holds('b1')).toBe(false);
    void cache.get('b1', 'p', () => new Promise<string>(() => undefined));
    expect(cache.holds('b1')).toBe(true);
    expect(cache.holds('b2')).toBe(false);
    cache.release('b1');
    expect(cache.holds('b1')).toBe(false);
  });

  it('answers null to every waiter of a failed or throwing build, and does not build it again', async () => {
    const cache = new PriceShareCache<string>(options);
    const b = manualBuild<string>();
    const waits = [cache.get('b1', 'p', b.build), cache.get('b1', 'p', b.build)];
    b.reject(new Error('broken price list'));
    await expect(Promise.all(waits)).resolves.toEqual([null, null]);
    await expect(cache.get('b1', 'p', b.build)).resolves.toBeNull();
    expect(b.build).toHaveBeenCalledTimes(1);
    const throwing = jest.fn(() => {
      throw new Error('sync');
    });
    await expect(cache.get('b2', 'p', throwing)).resolves.toBeNull();
  });

  it('never hangs: a build past its timeout answers null, and its value, when it comes, is disposed of', async () => {
    jest.useFakeTimers();
    const disposed: unknown[] = [];
    const cache = new PriceShareCache<string>({ ...options, buildTimeoutMs: 1_000, dispose: (v) => disposed.push(v) });
    const slow = manualBuild<string>();
    const wait = cache.get('b1', 'p', slow.build);
    jest.advanceTimersByTime(1_000);
    await expect(wait).resolves.toBeNull();
    slow.resolve('too late');
    await Promise.resolve();
    await Promise.resolve();
    expect(disposed).toEqual(['too late']);
  });

  it('keeps at most maxEntries, evicting the least recently used; waiters of an evicted build still get it', async () => {
    const cache = new PriceShareCache<string>(options);
    const first = manualBuild<string>();
    const waiting = cache.get('b1', 'p1', first.build);
    await cache.get('b2', 'p2', async () => 'two');
    const touched = cache.get('b1', 'p1', first.build);
    await cache.get('b3', 'p3', async () => 'three');
    expect(cache.size).toBe(2);
    // b1 was used after b2: b2 went.
    const again = jest.fn(async () => 'two again');
    await expect(cache.get('b2', 'p2', again)).resolves.toBe('two again');
    expect(again).toHaveBeenCalledTimes(1);
    expect(cache.size).toBe(2);
    first.resolve('one');
    await expect(Promise.all([waiting, touched])).resolves.toEqual(['one', 'one']);
  });

  it('keeps no slot for a build with nothing to share, so lone files never push a real index out', async () => {
    const cache = new PriceShareCache<string | null>(options);
    const index = jest.fn(async () => 'list-index');
    await expect(cache.get('b1', 'list', index)).resolves.toBe('list-index');
    await expect(cache.get('b1', 'own-x', async () => null)).resolves.toBeNull();
    await expect(cache.get('b1', 'own-y', async () => null)).resolves.toBeNull();
    expect(cache.size).toBe(1);
    await expect(cache.get('b1', 'list', index)).resolves.toBe('list-index');
    expect(index).toHaveBeenCalledTimes(1);
  });

  it('frees a batch on release, an idle entry after its TTL, and everything when memory is short', async () => {
    jest.useFakeTimers();
    let short = false;
    const cache = new PriceShareCache<string>({ ...options, idleMs: 5_000, memoryShort: () => short });
    await cache.get('b1', 'p1', async () => 'a');
    await cache.get('b1', 'p2', async () => 'b');
    cache.release('b1');
    expect(cache.size).toBe(0);

    await cache.get('b2', 'p', async () => 'c');
    jest.advanceTimersByTime(4_000);
    await cache.get('b2', 'p', async () => 'unused');
    jest.advanceTimersByTime(4_000);
    expect(cache.size).toBe(1);
    jest.advanceTimersByTime(1_000);
    expect(cache.size).toBe(0);

    await cache.get('b3', 'p', async () => 'd');
    short = true;
    const build = jest.fn(async () => 'e');
    await expect(cache.get('b3', 'p', build)).resolves.toBeNull();
    expect(build).not.toHaveBeenCalled();
    expect(cache.size).toBe(0);
  });

  it('leaks nothing: every value dropped is disposed of once, and only once its build has settled', async () => {
    const disposed: unknown[] = [];
    const cache = new PriceShareCache<string | null>({ ...options, dispose: (v) => disposed.push(v) });
    for (let i = 0; i < 50; i++) await cache.get(`b${i}`, 'p', async () => `v${i}`);
    expect(cache.size).toBe(2);
    const pending = manualBuild<string>();
    void cache.get('late', 'p', pending.build);
    await cache.get('none', 'p', async () => null);
    cache.clear();
    expect(cache.size).toBe(0);
    await new Promise((r) => setImmediate(r));
    expect(disposed).toHaveLength(50);
    pending.resolve('late value');
    await new Promise((r) => setImmediate(r));
    expect(disposed).toHaveLength(51);
    expect(new Set(disposed).size).toBe(51);
    expect(disposed).toContain('late value');
  });
});
