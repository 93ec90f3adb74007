import { itemsDiff } from './items-diff';

const item = (ma: string, gm = '', name = '', minQty = 1, step = 1) => ({ ma, gm, name, minQty, step });

describe('itemsDiff', () => {
  it('counts added, removed and changed items by their codes', () => {
    const before = [item('1', '', 'Молоко'), item('2'), item('3', '', 'Сыр', 2, 2)];
    const after = [item('3', '', 'Сыр', 4, 2), item('1', '', 'Молоко'), item('4'), item('5'), item('6')];
    expect(itemsDiff(before, after)).toEqual({ added: 3, removed: 1, changed: 1 });
  });

  it('sees no change in a reordering, and pairs repeated codes in order', () => {
    const before = [item('1'), item('1', '', 'b'), item('2')];
    expect(itemsDiff(before, [item('2'), item('1'), item('1', '', 'b')])).toEqual({ added: 0, removed: 0, changed: 0 });
    expect(itemsDiff(before, [item('1'), item('2')])).toEqual({ added: 0, removed: 1, changed: 0 });
  });

  it('tells code-less items apart by name', () => {
    expect(itemsDiff([item('', '', 'a')], [item('', '', 'b')])).toEqual({ added: 1, removed: 1, changed: 0 });
  });
});
