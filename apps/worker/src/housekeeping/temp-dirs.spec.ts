import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sweepStaleTempDirs } from './temp-dirs';

describe('sweepStaleTempDirs', () => {
  let base: string;
  beforeEach(async () => (base = await mkdtemp(join(tmpdir(), 'temp-dirs-spec-'))));
  afterEach(() => rm(base, { recursive: true, force: true }));

  it('removes only this app’s folders untouched for longer than the age, with what they hold', async () => {
    const now = Date.now();
    const make = async (name: string, ageMs: number) => {
      const path = join(base, name);
      await mkdir(path);
      await writeFile(join(path, 'price.xlsx'), 'x');
      const at = new Date(now - ageMs);
      await utimes(path, at, at);
      return path;
    };
    const stale = await make('price-export-batch-old', 7 * 3600_000);
    const young = await make('price-export-job-young', 60_000);
    const other = await make('someone-else-old', 7 * 3600_000);
    await writeFile(join(base, 'price-export-a-file'), 'not a folder');
    expect(await sweepStaleTempDirs(6 * 3600_000, base, now)).toBe(1);
    expect([existsSync(stale), existsSync(young), existsSync(other), existsSync(join(base, 'price-export-a-file'))]).toEqual([false, true, true, true]);
  });

  it('a folder that cannot be read is nothing to sweep', async () => {
    await expect(sweepStaleTempDirs(1, join(base, 'missing'))).resolves.toBe(0);
  });
});
