import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ERR, LIMITS, UI } from '@app/contracts';
import { emptyRow, pasteIntoRows, qtyRefusal, rowToItem, type PasteOutcome } from './item-rows';
import type { ItemRow } from './item-rows';

const strip = (rows: ItemRow[]) => rows.map(({ key: _key, ...rest }) => rest);
/** The rows of a paste that was taken. */
const pasted = (outcome: PasteOutcome | null): ItemRow[] => {
  if (!outcome || !('rows' in outcome)) throw new Error(`the paste was not taken: ${JSON.stringify(outcome)}`);
  return outcome.rows;
};

describe('pasteIntoRows', () => {
  it('fills columns from the one pasted into and adds rows on overflow', () => {
    const rows = [emptyRow()];
    const out = pasted(pasteIntoRows(rows, 0, 1, '77000\tМолоко\t5\r\n77001\tКефир\t0\r\n'));
    expect(strip(out)).toEqual([
      { ma: '', gm: '77000', name: 'Молоко', minQty: '5', step: '1' },
      { ma: '', gm: '77001', name: 'Кефир', minQty: '1', step: '1' },
    ]);
  });

  it('skips a header row, keeps leading zeros and drops cells beyond the last column', () => {
    const text = 'Код МА\tКод ГМ\tНазвание\tМин. кол-во\tШаг (кратность)\r\n0031000\t77000\t"Молоко\n3,2%"\t1\t6\textra\r\n';
    const out = pasted(pasteIntoRows([emptyRow(), emptyRow()], 0, 0, text));
    expect(strip(out)).toEqual([
      { ma: '0031000', gm: '77000', name: 'Молоко 3,2%', minQty: '1', step: '6' },
      { ma: '', gm: '', name: '', minQty: '1', step: '1' },
    ]);
  });

  it('pastes the sample items (13 rows, header skipped)', () => {
    const file = path.resolve(__dirname, '../../../../../test/fixtures/items-sample.tsv');
    const out = pasted(pasteIntoRows([emptyRow()], 0, 0, readFileSync(file, 'utf8')));
    expect(out).toHaveLength(13);
    expect(rowToItem(out[0])).toEqual({ ma: '0031000', gm: '77000', name: 'Молоко 3,2% 1 л', minQty: 1, step: 1 });
    expect(out[12].ma).toBe('0099999');
  });

  it('in a filtered table fills the rows shown, in order, and adds the rest at the end', () => {
    const rows = ['a', 'b', 'c', 'd', 'e'].map((ma) => ({ ...emptyRow(), ma }));
    const out = pasted(pasteIntoRows(rows, 1, 0, 'X\nY\nZ\n', [0, 1, 3]));
    expect(out.map((r) => r.ma)).toEqual(['a', 'X', 'c', 'Y', 'e', 'Z']);
    expect(out[1].key).toBe(rows[1].key);
    expect(out[2]).toBe(rows[2]);
  });

  it('returns null for a paste of only a header', () => {
    expect(pasteIntoRows([emptyRow()], 0, 0, 'Код МА\tКод ГМ\r\n')).toBeNull();
  });

  it('takes quantities with spaces between thousands (NBSP as Excel copies them)', () => {
    const out = pasted(pasteIntoRows([emptyRow()], 0, 3, '1 000\t12\u00a0000\r\n\t\r\n0\t6\r\n'));
    expect(out.map((r) => [r.minQty, r.step])).toEqual([['1000', '12000'], ['1', '1'], ['1', '6']]);
  });

  it.each([
    ['=1+1', 3, UI.columns.minQty, ERR.qtyDigitsOnly],
    ['12 шт', 3, UI.columns.minQty, ERR.qtyDigitsOnly],
    ['1,5', 3, UI.columns.minQty, ERR.qtyDigitsOnly],
    ['99999999999', 3, UI.columns.minQty, ERR.qtyTooLarge(LIMITS.qtyMax)],
  ])('refuses the whole paste when a quantity is %j, with the row it would land in', (value, row, column, why) => {
    const rows = [emptyRow(), { ...emptyRow(), ma: 'keep' }];
    // The third line lands in the table's third row: the paste's first line goes to row 1.
    const text = `A\tA\tA\t1\t1\r\nB\tB\tB\t2\t2\r\nC\tC\tC\t${value}\t1\r\n`;
    expect(pasteIntoRows(rows, 0, 0, text)).toEqual({ refused: ERR.itemField(row, column, why) });
    expect(rows[1].ma).toBe('keep');
  });

  it('names the row a refused quantity would land in, in a filtered table too', () => {
    const rows = ['a', 'b', 'c', 'd', 'e'].map((ma) => ({ ...emptyRow(), ma }));
    // Into `Шаг` of the rows shown, 2 and 4 (numbers 2 and 4): the second line is row 4.
    expect(pasteIntoRows(rows, 1, 4, '2\n=1+1\n', [1, 3])).toEqual({ refused: ERR.itemField(4, UI.columns.step, ERR.qtyDigitsOnly) });
  });
});

describe('qtyRefusal (a single value pasted into a quantity cell)', () => {
  it('passes digits and refuses a formula with the row', () => {
    expect(qtyRefusal('minQty', '1 000', 7)).toBeNull();
    expect(qtyRefusal('step', '=1+1', 7)).toBe(ERR.itemField(7, UI.columns.step, ERR.qtyDigitsOnly));
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
