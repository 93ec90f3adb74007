import type { Item } from '@app/contracts';
import { cellValue, emptyRow, isBlankRow, itemToRow, itemsToRows, pasteIntoRows, rowToItem } from './item-rows';
import type { ColumnKey, ItemRow } from './item-rows';

/**
 * What the last check (or generate) found, by row key, so it stays with its rows when rows are
 * added or deleted. A row edited since keeps its place in the filters but loses its marks (what
 * the check said of it is out of date).
 */
export interface CheckMarks {
  missing: ReadonlySet<number>;
  warned: ReadonlySet<number>;
  edited: ReadonlySet<number>;
  /** The marks came from `Проверить` (the filters are offered); a generate tells only what it did not find. */
  checked: boolean;
  /** Row keys by the item index the check or generate used (its warnings name items by index). */
  itemKeys: readonly number[];
}

export const MARK_MISSING = 1;
export const MARK_WARNED = 2;

/** The marks a row shows now: MARK_MISSING | MARK_WARNED, 0 for none. */
export function markOf(marks: CheckMarks, key: number): number {
  if (marks.edited.has(key)) return 0;
  return (marks.missing.has(key) ? MARK_MISSING : 0) | (marks.warned.has(key) ? MARK_WARNED : 0);
}

export interface ItemsSnapshot {
  rows: readonly ItemRow[];
  /** Raised when rows are added, deleted or all replaced; typing into a cell leaves it alone. */
  layout: number;
  dirty: boolean;
  marks: CheckMarks;
}

const NO_MARKS: CheckMarks = { missing: new Set(), warned: new Set(), edited: new Set(), checked: false, itemKeys: [] };

/** Object.is-equal texts and quantities (the key aside). */
function sameValues(a: ItemRow, b: ItemRow): boolean {
  return a.ma === b.ma && a.gm === b.gm && a.name === b.name && a.minQty === b.minQty && a.step === b.step;
}

/**
 * The item rows of the task page, outside React: every change makes a new snapshot, and each part
 * of the page subscribes to the part it shows (useSyncExternalStore), so a keystroke re-renders
 * the one row typed into, not the table or the page. Every edit raises the edit version (a save
 * or check that finishes after a later edit does not overwrite it) and marks the rows dirty.
 */
export class ItemsStore {
  private snapshot: ItemsSnapshot;
  private version = 0;
  private readonly listeners = new Set<() => void>();

  constructor(items: readonly Item[]) {
    this.snapshot = { rows: itemsToRows(items), layout: 0, dirty: false, marks: NO_MARKS };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly get = (): ItemsSnapshot => this.snapshot;
  readonly editVersion = (): number => this.version;
  /** The items to save, quantities normalised. */
  readonly items = (): Item[] => this.snapshot.rows.map(rowToItem);

  readonly setCell = (index: number, column: ColumnKey, raw: string): void => {
    const row = this.snapshot.rows[index];
    if (!row) return;
    const value = cellValue(column, raw, false);
    if (value === row[column]) return;
    const rows = this.snapshot.rows.slice();
    rows[index] = { ...row, [column]: value };
    this.edit(rows, [row.key], false);
  };

  /** On leaving a quantity cell its value is normalised (empty or 0 becomes 1); not an edit of its own. */
  readonly finishCell = (index: number, column: ColumnKey): void => {
    const row = this.snapshot.rows[index];
    if (!row) return;
    const value = cellValue(column, row[column], true);
    if (value === row[column]) return;
    const rows = this.snapshot.rows.slice();
    rows[index] = { ...row, [column]: value };
    this.commit({ rows });
  };

  /** Adds an empty row at the end; its index. */
  readonly addRow = (): number => {
    const rows = [...this.snapshot.rows, emptyRow()];
    this.edit(rows, [], true);
    return rows.length - 1;
  };

  readonly deleteRow = (index: number): void => {
    if (!this.snapshot.rows[index]) return;
    const rows = this.snapshot.rows.filter((_, i) => i !== index);
    this.edit(rows.length > 0 ? rows : [emptyRow()], [], true);
  };

  /**
   * Pastes spreadsheet text at a cell (into the shown rows of a filtered table): true when pasted,
   * false when there was nothing to paste, or the row's message of a quantity that refuses it
   * (nothing is changed then).
   */
  readonly paste = (index: number, columnIndex: number, text: string, shown?: readonly number[] | null): boolean | string => {
    const before = this.snapshot.rows;
    const outcome = pasteIntoRows(before, index, columnIndex, text, shown);
    if (!outcome) return false;
    if ('refused' in outcome) return outcome.refused;
    const { rows } = outcome;
    const touched: number[] = [];
    rows.forEach((row, i) => {
      if (i < before.length && row !== before[i]) touched.push(row.key);
    });
    this.edit(rows, touched, rows.length !== before.length);
    return true;
  };

  /**
   * After a save: the server's normalised items, unless the rows were edited meanwhile. The rows
   * keep their keys (and so their marks and places in a filter) when the server kept them all but
   * the blank ones, and unchanged rows stay the same objects (their views do not render again).
   */
  readonly acceptSaved = (items: readonly Item[], savedVersion: number): void => {
    if (this.version !== savedVersion) return;
    const kept = this.snapshot.rows.filter((row) => !isBlankRow(row));
    if (kept.length !== items.length || items.length === 0) {
      this.commit({ rows: itemsToRows(items), layout: this.snapshot.layout + 1, dirty: false, marks: NO_MARKS });
      return;
    }
    const rows = items.map((item, i) => {
      const saved = { ...itemToRow(item), key: kept[i].key };
      return sameValues(saved, kept[i]) ? kept[i] : saved;
    });
    const layout = rows.length === this.snapshot.rows.length ? this.snapshot.layout : this.snapshot.layout + 1;
    this.commit({ rows, layout, dirty: false });
  };

  /**
   * What a check or a generate found, by item index of the items it was made from (the caller
   * makes sure the rows are still those items). A generate names only the items not found: the
   * warnings of the last check stay on their rows, but those edited since.
   */
  readonly mark = (found: { missing: readonly number[]; warned?: readonly number[] }): void => {
    const itemKeys = this.snapshot.rows.map((row) => row.key);
    const keys = (indexes: readonly number[]) => new Set(indexes.flatMap((i) => (i < itemKeys.length ? [itemKeys[i]] : [])));
    const { marks } = this.snapshot;
    const warned = found.warned ? keys(found.warned) : new Set([...marks.warned].filter((key) => !marks.edited.has(key)));
    this.commit({ marks: { missing: keys(found.missing), warned, edited: new Set(), checked: marks.checked || found.warned !== undefined, itemKeys } });
  };

  /** The row of the item a check's warning names: its index now, or -1 when it was deleted since. */
  readonly rowOfItem = (item: number): number => {
    const { rows, marks } = this.snapshot;
    if (marks.itemKeys.length === 0) return item < rows.length ? item : -1;
    const key = marks.itemKeys[item];
    return key === undefined ? -1 : rows.findIndex((row) => row.key === key);
  };

  private edit(rows: ItemRow[], editedKeys: readonly number[], layoutChanged: boolean): void {
    this.version += 1;
    const { marks } = this.snapshot;
    const newly = editedKeys.filter((key) => !marks.edited.has(key) && (marks.missing.has(key) || marks.warned.has(key)));
    this.commit({
      rows,
      dirty: true,
      layout: layoutChanged ? this.snapshot.layout + 1 : this.snapshot.layout,
      marks: newly.length > 0 ? { ...marks, edited: new Set([...marks.edited, ...newly]) } : marks,
    });
  }

  private commit(change: Partial<ItemsSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}
