import { checkExport } from '../check-export';
import { buildDigest } from './export-digest';
import { generateExport } from '../generate-export';
import { CHECK_MAPPING, checkPrice, checkTemplate } from '../testing/check-fixtures';
import { item } from '../testing/workbook-builders';

/** DESIGN §11: the digest an export keeps, keyed by item codes — any code. */

describe('buildDigest', () => {
  it('keys codes that are Object property names like any other: constructor, __proto__, toString', async () => {
    const items = [item('constructor'), item('__proto__'), item('toString'), item('hasOwnProperty'), item('constructor'), item('нет')];
    const input = {
      price: await checkPrice([['constructor', '', 10], ['__proto__', '', 20], ['tostring', '', 30]]),
      template: await checkTemplate(),
      items,
      mapping: CHECK_MAPPING,
    };
    const [check, gen] = await Promise.all([checkExport(input), generateExport(input)]);
    const digest = JSON.parse(JSON.stringify(gen.digest));
    expect(Object.keys(digest)).toEqual(['constructor', '__proto__', 'tostring', 'hasownproperty', 'het']);
    expect(digest.constructor).toEqual({ item: 0, code: 'constructor', found: true, values: { '4': 10 } });
    expect(Object.getOwnPropertyDescriptor(digest, '__proto__')?.value).toEqual({ item: 1, code: '__proto__', found: true, values: { '4': 20 } });
    expect(digest.tostring).toEqual({ item: 2, code: 'toString', found: true, values: { '4': 30 } });
    expect(digest.hasownproperty).toMatchObject({ item: 3, found: false });
    expect(check.digest).toEqual(gen.digest);
  });

  it('the first of repeated codes wins, whatever the code', () => {
    const rows = [new Map(), new Map(), new Map()];
    const matches = rows.map(() => ({ by: null, values: new Map() }));
    const digest = buildDigest([item('valueOf'), item('', 'VALUEOF'), item('__proto__')], rows, matches);
    expect(Object.entries(digest).map(([key, e]) => [key, e.item, e.code])).toEqual([
      ['valueof', 0, 'valueOf'],
      ['__proto__', 2, '__proto__'],
    ]);
  });
});
