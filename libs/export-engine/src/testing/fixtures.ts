import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Item } from '@app/contracts';

/** The repository root, found upwards from here whether this runs from source or from dist/. */
function repositoryRoot(from = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'nest-cli.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`repository root not found above ${from}`);
    dir = up;
  }
  return dir;
}

/** Every spreadsheet a test reads lives in the repository: test/fixtures (see its README). */
export const FIXTURES = join(repositoryRoot(), 'test', 'fixtures');
export const fixture = (name: string): string => join(FIXTURES, name);
export const fixtureBytes = (name: string): Buffer => readFileSync(fixture(name));

/** The 13 rows of items-sample.tsv (header skipped), as the API takes them. */
export function sampleItems(): Item[] {
  const lines = readFileSync(fixture('items-sample.tsv'), 'utf8').trim().split(/\r?\n/).slice(1);
  return lines.map((l) => {
    const [ma, gm, name, minQty, step] = l.split('\t');
    return { ma, gm, name, minQty: Number(minQty), step: Number(step) };
  });
}

/** test/fixtures/csv: the rows of price-sample.xlsx as suppliers send them (see its README). */
export const CSV_PRICE_FIXTURES = [
  'csv/price-utf8-bom-semicolon.csv',
  'csv/price-cp1251-semicolon.csv',
  'csv/price-comma-quoted.csv',
  'csv/price-tab-separated.csv',
  'csv/price-1c-title.csv',
] as const;
