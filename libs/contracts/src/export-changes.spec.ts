import { CHANGES_LIST_MAX, type DigestEntry, type ExportDigest } from './check.contract';
import { digestChanges, hasChanges } from './export-changes';

const entry = (item: number, code: string, found: boolean, values: DigestEntry['values'] = {}): DigestEntry => ({ item, code, found, values });

describe('digestChanges', () => {
  const older: ExportDigest = {
    '100': entry(0, '00100', true, { '6': 30, '7': 'шт' }),
    '200': entry(1, '200', true, { '6': 40 }),
    '300': entry(2, '300', false),
    gm1: entry(3, 'GM1', true, { '6': 5 }),
  };

  it('names added, removed, changed and lost items by the newer list', () => {
    const newer: ExportDigest = {
      '200': entry(0, '200', true, { '6': 41 }),
      '100': entry(1, '00100', true, { '6': 30, '7': 'шт' }),
      gm1: entry(2, 'GM1', false),
      '400': entry(3, '400', true, { '6': 1 }),
    };
    const c = digestChanges(older, newer, '2026-11-25T10:00:00.000Z');
    expect(c).toEqual({
      since: '2026-11-25T10:00:00.000Z',
      added: [3],
      removed: ['300'],
      changed: [{ item: 0, column: 6, from: 40, to: 41 }],
      lost: [2],
      counts: { added: 1, removed: 1, changed: 1, lost: 1 },
    });
    expect(hasChanges(c)).toBe(true);
  });

  it('sees a value that appears or disappears as a change from or to null', () => {
    const newer: ExportDigest = { ...older, '100': entry(0, '00100', true, { '6': 30 }), '300': entry(2, '300', true, { '6': 9 }) };
    const c = digestChanges(older, newer, 'x');
    expect(c.changed).toEqual([
      { item: 0, column: 7, from: 'шт', to: null },
      { item: 2, column: 6, from: null, to: 9 },
    ]);
    expect(c.lost).toEqual([]);
  });

  it('keeps the first CHANGES_LIST_MAX of each list and counts them all', () => {
    const many = (price: number): ExportDigest => Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, entry(i, `K${i}`, true, { '6': price })]));
    const c = digestChanges(many(1), many(2), 'x');
    expect(c.changed).toHaveLength(CHANGES_LIST_MAX);
    expect(c.changed[0]).toEqual({ item: 0, column: 6, from: 1, to: 2 });
    expect(c.counts).toEqual({ added: 0, removed: 0, changed: 500, lost: 0 });
  });

  it('takes codes that are also Object property names as codes', () => {
    const older: ExportDigest = { constructor: entry(0, 'constructor', true, { '6': 1 }) };
    const newer: ExportDigest = { toString: entry(0, 'toString', true, { '6': 1 }) };
    const c = digestChanges(older, newer, 'x');
    expect(c.added).toEqual([0]);
    expect(c.removed).toEqual(['constructor']);
  });

  it('finds nothing between equal digests, whatever their order', () => {
    const reordered: ExportDigest = Object.fromEntries(Object.entries(older).reverse());
    const c = digestChanges(older, reordered, 'x');
    expect(hasChanges(c)).toBe(false);
  });
});
