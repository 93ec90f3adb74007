import { ERR, UI, type Item } from '@app/contracts';
import { ItemsStore, markOf, MARK_MISSING, MARK_WARNED } from './items-store';

const item = (ma: string, name = '', minQty = 1, step = 1): Item => ({ ma, gm: '', name, minQty, step });
const ITEMS = [item('A', 'Молоко'), item('B', 'Кефир'), item('C', 'Сыр'), item('D', 'Масло')];

/** The store and a count of how often it told its listeners. */
function storeOf(items: Item[] = ITEMS) {
  const store = new ItemsStore(items);
  const seen = { calls: 0 };
  store.subscribe(() => seen.calls++);
  return { store, seen };
}

describe('ItemsStore', () => {
  it('a keystroke replaces one row object and leaves the others and the layout as they were', () => {
    const { store, seen } = storeOf();
    const before = store.get();
    store.setCell(1, 'name', 'Кефир 1%');
    const after = store.get();
    expect(seen.calls).toBe(1);
    expect(after.rows[1]).toMatchObject({ key: before.rows[1].key, name: 'Кефир 1%' });
    expect(after.rows.filter((row, i) => row !== before.rows[i])).toHaveLength(1);
    expect(after.layout).toBe(before.layout);
    expect(after.dirty).toBe(true);
    expect(store.editVersion()).toBe(1);
    // The same value again is no edit; a quantity keeps only its digits while typed.
    store.setCell(1, 'name', 'Кефир 1%');
    store.setCell(0, 'minQty', '1x2');
    expect(store.get().rows[0].minQty).toBe('12');
    expect(store.editVersion()).toBe(2);
  });

  it('adding, deleting and pasting past the end change the layout', () => {
    const { store } = storeOf();
    const at = store.addRow();
    expect(at).toBe(4);
    expect(store.get().layout).toBe(1);
    store.deleteRow(0);
    expect(store.get().rows.map((r) => r.ma)).toEqual(['B', 'C', 'D', '']);
    expect(store.get().layout).toBe(2);
    expect(store.paste(3, 0, 'X\tИкс\nY\tИгрек\n')).toBe(true);
    expect(store.get().rows.map((r) => r.ma)).toEqual(['B', 'C', 'D', 'X', 'Y']);
    expect(store.get().layout).toBe(3);
    // A quantity that is not digits refuses the paste with its row's message: nothing changes.
    const before = store.get();
    expect(store.paste(0, 0, 'Z\tЗет\t\t=1+1\n')).toBe(ERR.itemField(1, UI.columns.minQty, ERR.qtyDigitsOnly));
    expect(store.get()).toBe(before);
    // Deleting the last row leaves one empty row to type into.
    for (let i = 0; i < 5; i++) store.deleteRow(0);
    expect(store.items()).toEqual([item('')]);
  });

  it('marks by row key: an edited row loses its marks, rows moved by a delete keep theirs', () => {
    const { store } = storeOf();
    const keys = store.get().rows.map((r) => r.key);
    store.mark({ missing: [1, 3], warned: [3] });
    const { marks } = store.get();
    expect(marks.checked).toBe(true);
    expect(keys.map((key) => markOf(marks, key))).toEqual([0, MARK_MISSING, 0, MARK_MISSING | MARK_WARNED]);

    store.deleteRow(0);
    expect(store.get().marks).toBe(marks); // nothing to unmark
    expect(store.rowOfItem(3)).toBe(2); // the check's item 3 is the row at index 2 now
    expect(store.rowOfItem(0)).toBe(-1); // deleted since

    store.setCell(0, 'ma', 'B2'); // the check's item 1
    expect(keys.map((key) => markOf(store.get().marks, key))).toEqual([0, 0, 0, MARK_MISSING | MARK_WARNED]);
    // Still in the filters: what the check found stays until the next check.
    expect(store.get().marks.missing.has(keys[1])).toBe(true);
  });

  it('a generate replaces the not found and keeps the warnings of rows not edited since the check', () => {
    const { store } = storeOf();
    const keys = store.get().rows.map((r) => r.key);
    store.mark({ missing: [0], warned: [1, 2] });
    store.setCell(2, 'name', 'Сыр твёрдый');
    store.mark({ missing: [3] });
    const { marks } = store.get();
    expect(keys.map((key) => markOf(marks, key))).toEqual([0, MARK_WARNED, 0, MARK_MISSING]);
    expect(marks.checked).toBe(true);
    expect(marks.edited.size).toBe(0);
  });

  it('a save keeps the rows (their keys and objects) when the server kept them, blank ones dropped', () => {
    const { store } = storeOf();
    store.addRow(); // blank: the server drops it
    store.setCell(0, 'name', '  Молоко  ');
    const before = store.get().rows;
    const version = store.editVersion();
    const saved = [item('A', 'Молоко'), ...ITEMS.slice(1)];
    store.acceptSaved(saved, version);
    const after = store.get();
    expect(after.dirty).toBe(false);
    expect(after.rows).toHaveLength(4);
    expect(after.rows.map((r) => r.key)).toEqual(before.slice(0, 4).map((r) => r.key));
    expect(after.rows[0].name).toBe('Молоко');
    expect(after.rows.slice(1)).toEqual(before.slice(1, 4));
    expect(after.rows[1]).toBe(before[1]);
  });

  it('a save answered after a later edit changes nothing', () => {
    const { store } = storeOf();
    store.setCell(0, 'name', 'x');
    const version = store.editVersion();
    store.setCell(0, 'name', 'xy');
    store.acceptSaved(ITEMS, version);
    expect(store.get().dirty).toBe(true);
    expect(store.get().rows[0].name).toBe('xy');
  });

  it('a save that the server answered with other rows starts the rows afresh', () => {
    const { store } = storeOf();
    store.mark({ missing: [0], warned: [] });
    store.acceptSaved([item('Z')], store.editVersion());
    expect(store.get().rows.map((r) => r.ma)).toEqual(['Z']);
    expect(store.get().marks.checked).toBe(false);
    expect(store.get().layout).toBe(1);
  });
});
