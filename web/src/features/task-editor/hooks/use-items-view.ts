import { useDeferredValue, useMemo, useState, useSyncExternalStore } from 'react';
import type { ItemsStore } from '../lib/items-store';
import { filterCounts, selectRows, shownRows, type ItemFilter } from '../lib/items-view';

/**
 * The items table's search and filter: which rows it shows (null: all) and the filters' counts.
 * Worked out when the query, the check's findings or the rows' layout change — never on a
 * keystroke in a cell, so typing stays as cheap at 10,000 rows as at ten.
 */
export function useItemsView(store: ItemsStore) {
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<ItemFilter>('all');
  const layout = useSyncExternalStore(store.subscribe, () => store.get().layout);
  const marks = useSyncExternalStore(store.subscribe, () => store.get().marks);
  // The search box answers at once; the rows follow when there is time (10,000 rows to match).
  const query = useDeferredValue(text);
  const { missing, warned, checked } = marks;

  // The rows are read as they are when the query or the findings change, on purpose: a row typed
  // into afterwards keeps its place (selectRows).
  const selection = useMemo(
    () => selectRows(store.get().rows, store.get().marks, { text: query, filter }),
    [store, query, filter, missing, warned, checked],
  );
  const shown = useMemo(() => shownRows(store.get().rows, selection), [store, selection, layout]);
  const counts = useMemo(() => filterCounts(store.get().rows, marks), [store, layout, marks]);

  const reset = () => {
    setText('');
    setFilter('all');
  };

  return {
    text,
    setText,
    filter: checked ? filter : 'all',
    setFilter,
    /** The filters are offered once a check has found what to filter by. */
    filtersShown: checked,
    counts,
    /** The row indexes shown, in order; null when every row is. */
    shown,
    /** Whether a search is typed (then `Найдено: N` tells how many rows it shows). */
    searching: text.trim() !== '',
    reset,
  };
}

export type ItemsView = ReturnType<typeof useItemsView>;
