import { useCallback, useRef, useState } from 'react';
import type { Item } from '@app/contracts';
import { cellValue, emptyRow, itemsToRows, pasteIntoRows, rowToItem } from '../lib/item-rows';
import type { ColumnKey, ItemRow } from '../lib/item-rows';

/**
 * The editable item rows of a task. Every edit marks the rows dirty, bumps a version (so a save
 * that finishes after a later edit does not overwrite it) and clears the unmatched marks of the
 * last generation.
 */
export function useItemsEditor(initial: readonly Item[]) {
  const [rows, setRows] = useState<ItemRow[]>(() => itemsToRows(initial));
  const [dirty, setDirty] = useState(false);
  const [unmatched, setUnmatched] = useState<ReadonlySet<number>>(() => new Set());
  const version = useRef(0);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const edit = useCallback((update: (rows: ItemRow[]) => ItemRow[]) => {
    version.current += 1;
    setRows((prev) => {
      const next = update(prev);
      rowsRef.current = next;
      return next;
    });
    setDirty(true);
    setUnmatched((prev) => (prev.size === 0 ? prev : new Set()));
  }, []);

  const setCell = useCallback(
    (index: number, column: ColumnKey, raw: string) =>
      edit((prev) => prev.map((r, i) => (i === index ? { ...r, [column]: cellValue(column, raw, false) } : r))),
    [edit],
  );

  /** On leaving a quantity cell its value is normalised (empty or 0 becomes 1). */
  const finishCell = useCallback((index: number, column: ColumnKey) => {
    setRows((prev) => {
      const row = prev[index];
      if (!row) return prev;
      const value = cellValue(column, row[column], true);
      if (value === row[column]) return prev;
      const next = prev.map((r, i) => (i === index ? { ...r, [column]: value } : r));
      rowsRef.current = next;
      return next;
    });
  }, []);

  const addRow = useCallback(() => edit((prev) => [...prev, emptyRow()]), [edit]);

  const deleteRow = useCallback(
    (index: number) => edit((prev) => {
      const next = prev.filter((_, i) => i !== index);
      return next.length > 0 ? next : [emptyRow()];
    }),
    [edit],
  );

  /** Pastes spreadsheet text at a cell; false when there was nothing to paste. */
  const paste = useCallback(
    (index: number, columnIndex: number, text: string) => {
      const next = pasteIntoRows(rowsRef.current, index, columnIndex, text);
      if (!next) return false;
      edit(() => next);
      return true;
    },
    [edit],
  );

  /** The items to save, quantities normalised. */
  const currentItems = useCallback((): Item[] => rowsRef.current.map(rowToItem), []);
  const currentVersion = useCallback(() => version.current, []);

  /** After a save: show the server's normalised items unless the user edited meanwhile. */
  const acceptSaved = useCallback((items: readonly Item[], savedVersion: number) => {
    if (version.current !== savedVersion) return;
    const next = itemsToRows(items);
    rowsRef.current = next;
    setRows(next);
    setDirty(false);
  }, []);

  const markUnmatched = useCallback((indexes: readonly number[]) => setUnmatched(new Set(indexes)), []);

  return { rows, dirty, unmatched, setCell, finishCell, addRow, deleteRow, paste, currentItems, currentVersion, acceptSaved, markUnmatched };
}

export type ItemsEditor = ReturnType<typeof useItemsEditor>;
