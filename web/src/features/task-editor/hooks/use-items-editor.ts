import { useMemo, useState, useSyncExternalStore } from 'react';
import type { Item } from '@app/contracts';
import { ItemsStore } from '../lib/items-store';

/**
 * The editable item rows of a task (ItemsStore). The page re-renders only when they become dirty
 * or clean; the items section and table subscribe to what they show themselves.
 */
export function useItemsEditor(initial: readonly Item[]) {
  const [store] = useState(() => new ItemsStore(initial));
  const dirty = useSyncExternalStore(store.subscribe, () => store.get().dirty);

  return useMemo(
    () => ({
      store,
      dirty,
      currentItems: store.items,
      currentVersion: store.editVersion,
      acceptSaved: store.acceptSaved,
      /** After a generate: the items it did not find. */
      markUnmatched: (items: readonly number[]) => store.mark({ missing: items }),
      /** After a check: the items it did not find and those with warnings. */
      markChecked: (missing: readonly number[], warned: readonly number[]) => store.mark({ missing, warned }),
    }),
    [store, dirty],
  );
}

export type ItemsEditor = ReturnType<typeof useItemsEditor>;
