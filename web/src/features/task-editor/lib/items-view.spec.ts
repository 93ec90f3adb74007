import type { Item } from '@app/contracts';
import { ItemsStore } from './items-store';
import { filterCounts, rowMatches, searchText, selectRows, shownRows } from './items-view';

const item = (ma: string, gm: string, name: string): Item => ({ ma, gm, name, minQty: 1, step: 1 });

function checkedStore() {
  const store = new ItemsStore([item('0031000', '77000', 'Молоко'), item('0031001', '77001', 'Кефир'), item('A-3', '', 'Ёгурт'), item('B-4', '88', 'Сыр')]);
  store.mark({ missing: [2, 3], warned: [1, 3] });
  return store;
}

describe('items search and filters', () => {
  it('searches code MA, code GM and name, in any case, ё as е', () => {
    const row = checkedStore().get().rows[2];
    expect(rowMatches(row, searchText('a-3'))).toBe(true);
    expect(rowMatches(row, searchText('ЕГУР'))).toBe(true);
    expect(rowMatches(checkedStore().get().rows[0], searchText('77000'))).toBe(true);
    expect(rowMatches(row, searchText('сыр'))).toBe(false);
    expect(searchText('  Код   МА ')).toBe('код ма');
  });

  it('selects by search and filter together; no query shows every row (null)', () => {
    const store = checkedStore();
    const { rows, marks } = store.get();
    expect(selectRows(rows, marks, { text: ' ', filter: 'all' })).toBeNull();
    expect(shownRows(rows, selectRows(rows, marks, { text: '0031', filter: 'all' }))).toEqual([0, 1]);
    expect(shownRows(rows, selectRows(rows, marks, { text: '', filter: 'missing' }))).toEqual([2, 3]);
    expect(shownRows(rows, selectRows(rows, marks, { text: '', filter: 'warned' }))).toEqual([1, 3]);
    expect(shownRows(rows, selectRows(rows, marks, { text: 'сыр', filter: 'warned' }))).toEqual([3]);
  });

  it('a filter means nothing before a check', () => {
    const store = new ItemsStore([item('A', '', ''), item('B', '', '')]);
    const { rows, marks } = store.get();
    expect(selectRows(rows, marks, { text: '', filter: 'missing' })).toBeNull();
  });

  it('keeps the rows it selected while they are edited, and shows rows added after it', () => {
    const store = checkedStore();
    const selection = selectRows(store.get().rows, store.get().marks, { text: 'сыр', filter: 'all' });
    store.setCell(3, 'name', 'Творог'); // no longer matches, still shown
    store.deleteRow(0); // the rows move up
    const added = store.addRow();
    expect(shownRows(store.get().rows, selection)).toEqual([2, added]);
  });

  it('counts each filter over the rows there are; the header counts the not found still marked', () => {
    const store = checkedStore();
    store.setCell(2, 'ma', 'A-33');
    expect(filterCounts(store.get().rows, store.get().marks)).toEqual({ all: 4, missing: 2, warned: 2, missingMarked: 1 });
    store.deleteRow(3);
    expect(filterCounts(store.get().rows, store.get().marks)).toEqual({ all: 3, missing: 1, warned: 1, missingMarked: 0 });
  });
});
