import type { Item, Mapping } from '@app/contracts';
import { CellKind } from '../package/cell-kind';
import { REPEATS_KEPT, type PriceIndex } from './price-index';
import { itemKeys, newPriceIndex } from './item-locator';
import { item, mapping } from '../testing/workbook-builders';

/** The price sheet's one pass (PriceIndex) in check mode: what it keeps of rows repeating a code. */

type Row = (string | number | null)[];

/** Feeds rows (from sheet row 1, column A) as the sheet reader would; the whole string is the cell. */
function scan(items: Item[], m: Mapping, rows: Row[], check: boolean): PriceIndex {
  const index = newPriceIndex(itemKeys(items), new Map(), m, check);
  rows.forEach((cells, r) => {
    cells.forEach((v, c) => {
      if (v !== null) index.cell(r + 1, c + 1, typeof v === 'number' ? CellKind.number : CellKind.string, String(v), -1, -1, 0);
    });
    index.rowEnd(r + 1);
  });
  return index;
}

const colsOf = (index: PriceIndex, row: number) => index.rows.get(row)?.map((c) => c.col);
/** A price list with a row per warehouse: the code, a name, the price (C), then eight warehouse columns. */
const wide = (code: string, price: number, warehouse: number): Row => [code, `Товар ${code}`, price, ...Array.from({ length: 8 }, (_, i) => `склад ${warehouse}-${i}`)];

describe('PriceIndex in check mode', () => {
  const M = mapping({ manual: { ma: 1 }, price: { '3': 4 }, keys: { ma: 1, gm: 2 } });

  it('keeps a later row of a code with only its key cell and the mapped columns; the first row whole', () => {
    const rows = [wide('A', 10, 1), wide('A', 12, 2), wide('A', 10, 3), wide('B', 5, 1)];
    const index = scan([item('A'), item('B')], M, rows, true);
    expect(colsOf(index, 1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(colsOf(index, 2)).toEqual([1, 3]);
    expect(colsOf(index, 3)).toEqual([1, 3]);
    expect(index.rows.get(2)!.map((c) => c.raw)).toEqual(['A', '12']);
    expect(colsOf(index, 4)).toHaveLength(11);
    expect(index.repeatRows!.get('1|a')).toEqual([2, 3]);
  });

  it('keeps a row whole that holds one code again and another code first', () => {
    const m = mapping({ manual: { ma: 1, gm: 2 }, price: { '3': 4 }, keys: { ma: 1, gm: 2 } });
    const index = scan([item('A', 'G1'), item('B', 'G2')], m, [['A', 'G1', 1, 'x'], ['A', 'G2', 2, 'y']], true);
    expect(colsOf(index, 2)).toEqual([1, 2, 3, 4]);
  });

  it('with the key column detected, keeps the column the code was found in', () => {
    const m = mapping({ manual: { ma: 2 }, price: { '3': 4 } });
    const index = scan([item('A')], m, [['x', 'A', 10, 'y'], ['z', 'A', 11, 'w']], true);
    expect(colsOf(index, 2)).toEqual([2, 3]);
  });

  it('holds REPEATS_KEPT later rows of a code, each cut to those cells', () => {
    const rows = Array.from({ length: REPEATS_KEPT + 10 }, (_, i) => wide('A', 10 + i, i));
    const index = scan([item('A')], M, rows, true);
    expect(index.repeatRows!.get('1|a')).toHaveLength(REPEATS_KEPT);
    expect(index.rows.size).toBe(REPEATS_KEPT + 1);
    const kept = [...index.rows.values()].reduce((n, cells) => n + cells.length, 0);
    expect(kept).toBe(11 + REPEATS_KEPT * 2);
  });

  it('outside check mode keeps no later rows at all', () => {
    const index = scan([item('A')], M, [wide('A', 10, 1), wide('A', 12, 2)], false);
    expect(index.repeatRows).toBeUndefined();
    expect([...index.rows.keys()]).toEqual([1]);
  });
});
