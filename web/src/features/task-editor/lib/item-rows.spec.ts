import { readFileSync } from 'node:fs';
import path from 'node:path';
import { emptyRow, pasteIntoRows, rowToItem } from './item-rows';
import type { ItemRow } from './item-rows';

const strip = (rows: ItemRow[]) => rows.map(({ key: _key, ...rest }) => rest);

describe('pasteIntoRows', () => {
  it('fills columns from the one pasted into and adds rows on overflow', () => {
    const rows = [emptyRow()];
    const out = pasteIntoRows(rows, 0, 1, '77000\tМолоко\t5\r\n77001\tКефир\t0\r\n')!;
    expect(strip(out)).toEqual([
      { ma: '', gm: '77000', name: 'Молоко', minQty: '5', step: '1' },
      { ma: '', gm: '77001', name: 'Кефир', minQty: '1', step: '1' },
    ]);
  });

  it('skips a header row, keeps leading zeros and drops cells beyond the last column', () => {
    const text = 'Код МА\tКод ГМ\tНазвание\tМин. кол-во\tШаг (кратность)\r\n0031000\t77000\t"Молоко\n3,2%"\t1\t6\textra\r\n';
    const out = pasteIntoRows([emptyRow(), emptyRow()], 0, 0, text)!;
    expect(strip(out)).toEqual([
      { ma: '0031000', gm: '77000', name: 'Молоко 3,2%', minQty: '1', step: '6' },
      { ma: '', gm: '', name: '', minQty: '1', step: '1' },
    ]);
  });

  it('pastes the sample items (13 rows, header skipped)', () => {
    const file = path.resolve(__dirname, '../../../../../test/fixtures/items-sample.tsv');
    const out = pasteIntoRows([emptyRow()], 0, 0, readFileSync(file, 'utf8'))!;
    expect(out).toHaveLength(13);
    expect(rowToItem(out[0])).toEqual({ ma: '0031000', gm: '77000', name: 'Молоко 3,2% 1 л', minQty: 1, step: 1 });
    expect(out[12].ma).toBe('0099999');
  });

  it('in a filtered table fills the rows shown, in order, and adds the rest at the end', () => {
    const rows = ['a', 'b', 'c', 'd', 'e'].map((ma) => ({ ...emptyRow(), ma }));
    const out = pasteIntoRows(rows, 1, 0, 'X\nY\nZ\n', [0, 1, 3])!;
    expect(out.map((r) => r.ma)).toEqual(['a', 'X', 'c', 'Y', 'e', 'Z']);
    expect(out[1].key).toBe(rows[1].key);
    expect(out[2]).toBe(rows[2]);
  });

  it('returns null for a paste of only a header', () => {
    expect(pasteIntoRows([emptyRow()], 0, 0, 'Код МА\tКод ГМ\r\n')).toBeNull();
  });
});

describe('rowToItem', () => {
  it('normalises quantities', () => {
    expect(rowToItem({ key: 1, ma: 'a', gm: '', name: '', minQty: '', step: '0' })).toEqual({
      ma: 'a',
      gm: '',
      name: '',
      minQty: 1,
      step: 1,
    });
  });
});
