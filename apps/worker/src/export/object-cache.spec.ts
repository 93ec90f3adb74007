import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { ObjectCache } from './object-cache';

describe('ObjectCache', () => {
  const fetched: string[] = [];
  const fetch = async (key: string, path: string) => {
    fetched.push(key);
    if (key === 'missing') throw new Error('no such object');
    await writeFile(path, Buffer.alloc(100, key));
  };
  let cache: ObjectCache;

  beforeEach(() => {
    fetched.length = 0;
    cache = new ObjectCache(250, fetch);
  });
  afterEach(() => cache.clear());

  it('downloads once and serves the same file again', async () => {
    const a = await cache.acquire('k1');
    a.release();
    const b = await cache.acquire('k1');
    b.release();
    expect(fetched).toEqual(['k1']);
    expect([a.hit, b.hit]).toEqual([false, true]);
    expect(readFileSync(b.path)).toEqual(Buffer.alloc(100, 'k1'));
  });

  it('shares one download between concurrent jobs', async () => {
    const [a, b] = await Promise.all([cache.acquire('k1'), cache.acquire('k1')]);
    expect(fetched).toEqual(['k1']);
    expect(a.path).toBe(b.path);
  });

  it('evicts the least recently used file past the limit, never one in use', async () => {
    const one = await cache.acquire('k1');
    (await cache.acquire('k2')).release();
    (await cache.acquire('k3')).release();
    const four = await cache.acquire('k4');
    await new Promise((r) => setImmediate(r));
    expect(existsSync(one.path)).toBe(true);
    one.release();
    four.release();
    await new Promise((r) => setTimeout(r, 20));
    (await cache.acquire('k1')).release();
    expect(fetched.filter((k) => k === 'k1')).toHaveLength(1);
    (await cache.acquire('k2')).release();
    expect(fetched.filter((k) => k === 'k2')).toHaveLength(2);
  });

  it('forgets a failed download so the next job tries again', async () => {
    await expect(cache.acquire('missing')).rejects.toThrow('no such object');
    await expect(cache.acquire('missing')).rejects.toThrow('no such object');
    expect(fetched).toEqual(['missing', 'missing']);
  });
});
