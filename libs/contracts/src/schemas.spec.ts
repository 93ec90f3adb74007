import { ERR, UI } from './messages';
import { LIMITS } from './limits';
import { parseBody, patchTaskSchema } from './schemas';

const itemsOf = (...items: unknown[]) => parseBody(patchTaskSchema, { items });

describe('the task save: quantities are digits only (DESIGN §15)', () => {
  it('takes digits, `1 000`, whole numbers and nothing (1)', () => {
    const parsed = itemsOf({ ma: 'a', minQty: '1 000', step: 6 }, { ma: 'b', minQty: '', step: null }, { ma: 'c', minQty: '0012' });
    expect(parsed).toEqual({
      ok: true,
      data: {
        items: [
          { ma: 'a', gm: '', name: '', minQty: 1000, step: 6 },
          { ma: 'b', gm: '', name: '', minQty: 1, step: 1 },
          { ma: 'c', gm: '', name: '', minQty: 12, step: 1 },
        ],
      },
    });
  });

  it.each([
    ['=1+1', 'minQty'],
    ['12 шт', 'step'],
    ['1,5', 'minQty'],
  ])('refuses %j naming the row and the column, never reading its digits', (value, field) => {
    const parsed = itemsOf({ ma: 'a' }, { ma: 'b' }, { ma: 'c', [field]: value });
    expect(parsed).toEqual({ ok: false, error: ERR.itemField(3, UI.columns[field as 'minQty' | 'step'], ERR.qtyDigitsOnly) });
  });

  it('names the row of any bad item field, and of an item that is no object', () => {
    expect(itemsOf({ ma: 'a', minQty: LIMITS.qtyMax + 1 })).toEqual({ ok: false, error: ERR.itemField(1, UI.columns.minQty, `ожидается целое число от 1 до ${LIMITS.qtyMax}`) });
    expect(itemsOf({ ma: 'a', step: String(LIMITS.qtyMax + 1) })).toEqual({ ok: false, error: ERR.itemField(1, UI.columns.step, ERR.qtyTooLarge(LIMITS.qtyMax)) });
    expect(itemsOf({ ma: 'a' }, { name: 'x'.repeat(LIMITS.itemTextMax + 1) })).toEqual({ ok: false, error: ERR.itemField(2, UI.columns.name, `не длиннее ${LIMITS.itemTextMax} символов`) });
    expect(itemsOf('строка')).toEqual({ ok: false, error: ERR.itemInvalid(1, 'ожидается объект позиции') });
    // Outside the items, the field is named as before.
    expect(parseBody(patchTaskSchema, { items: 'всё' })).toEqual({ ok: false, error: ERR.invalidField('items', 'ожидается список позиций') });
  });
});
