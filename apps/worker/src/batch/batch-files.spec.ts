import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { StorageService } from '@app/storage';
import { BatchFiles, copyName } from './batch-files';

/** A storage whose objects are strings in a map, counting downloads; `fail` makes the next download of a key throw. */
function fakeStorage(objects: Record<string, string>) {
  const downloads: string[] = [];
  const fail = new Set<string>();
  const storage = {
    downloadTo: jest.fn(async (key: string, path: string) => {
      downloads.push(key);
      if (fail.delete(key)) throw Object.assign(new Error('NoSuchKey'), { code: 'NoSuchKey' });
      await writeFile(path, objects[key]);
    }),
  } as Pick<StorageService, 'downloadTo'>;
  return { storage, downloads, fail };
}

describe('BatchFiles', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'batch-files-spec-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('downloads a file once per batch, however many children ask at once; equal uploads (one sha256) are one copy', async () => {
    const { storage, downloads } = fakeStorage({ a: 'шаблон', b: 'шаблон', c: 'другой' });
    const files = new BatchFiles(storage);
    const targets = ['1', '2', '3', '4'].map((n) => join(dir, `${n}.xlsx`));
    await Promise.all([
      files.copyTo('b1', { key: 'a', sha256: 'aa' }, targets[0]),
      files.copyTo('b1', { key: 'b', sha256: 'aa' }, targets[1]),
      files.copyTo('b1', { key: 'a', sha256: 'aa' }, targets[2]),
      files.copyTo('b1', { key: 'c' }, targets[3]),
    ]);
    expect(downloads).toEqual(['a', 'c']);
    expect(await Promise.all(targets.map((t) => readFile(t, 'utf8')))).toEqual(['шаблон', 'шаблон', 'шаблон', 'другой']);
    // Another batch has copies of its own.
    await files.copyTo('b2', { key: 'b', sha256: 'aa' }, join(dir, '5.xlsx'));
    expect(downloads).toEqual(['a', 'c', 'b']);
    await files.releaseAll();
  });

  it('a failed download is not kept: the next child downloads again, and the error is the storage’s', async () => {
    const { storage, downloads, fail } = fakeStorage({ a: 'x' });
    const files = new BatchFiles(storage);
    fail.add('a');
    await expect(files.copyTo('b1', { key: 'a' }, join(dir, '1.xlsx'))).rejects.toMatchObject({ code: 'NoSuchKey' });
    await files.copyTo('b1', { key: 'a' }, join(dir, '2.xlsx'));
    expect(downloads).toEqual(['a', 'a']);
    await files.releaseAll();
  });

  it('release removes the batch’s copies; the children’s links outlive them', async () => {
    const { storage } = fakeStorage({ a: 'x' });
    const files = new BatchFiles(storage);
    const file = { key: 'a', sha256: 'ab' };
    const local = await files.local('b1', file);
    await files.copyTo('b1', file, join(dir, 'child.xlsx'));
    expect(files.holds('b1')).toBe(true);
    await files.release('b1');
    expect(files.holds('b1')).toBe(false);
    expect(existsSync(dirname(local))).toBe(false);
    expect(await readFile(join(dir, 'child.xlsx'), 'utf8')).toBe('x');
  });

  it('keeps a few copies per batch: a batch of files each its own holds the latest, and one made room for is fetched again', async () => {
    const objects = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, `файл ${i}`]));
    const { storage, downloads } = fakeStorage(objects);
    const files = new BatchFiles(storage);
    for (let i = 0; i < 12; i++) await files.copyTo('b1', { key: `k${i}` }, join(dir, `${i}.xlsx`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const local = await files.local('b1', { key: 'k11' });
    expect((await readdir(dirname(local))).length).toBe(8);
    // The children's links stay whole.
    expect(await readFile(join(dir, '0.xlsx'), 'utf8')).toBe('файл 0');
    await files.copyTo('b1', { key: 'k0' }, join(dir, 'again.xlsx'));
    expect(downloads.filter((k) => k === 'k0')).toHaveLength(2);
    await files.releaseAll();
  });

  it('a copy removed from under the batch (a stale sweep) is fetched again, not an error', async () => {
    const { storage, downloads } = fakeStorage({ a: 'x' });
    const files = new BatchFiles(storage);
    await rm(await files.local('b1', { key: 'a' }));
    await files.copyTo('b1', { key: 'a' }, join(dir, '1.xlsx'));
    expect(await readFile(join(dir, '1.xlsx'), 'utf8')).toBe('x');
    expect(downloads).toEqual(['a', 'a']);
    await files.releaseAll();
  });

  it('names copies by content when known, else by a key made safe for a file name', () => {
    expect(copyName({ key: 'tasks/1/price/../x', sha256: 'ff' })).toBe('sha256-ff');
    // Keys that a plain replacement of their slashes would make alike stay apart.
    expect(copyName({ key: 'a/b' })).toMatch(/^key-[0-9a-f]{32}$/);
    expect(copyName({ key: 'a/b' })).not.toBe(copyName({ key: 'a_b' }));
  });
});
