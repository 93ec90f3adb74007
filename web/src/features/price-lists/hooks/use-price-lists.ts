import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PRICE_LIST_UI } from '@app/contracts';
import type { PriceList } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { fetchPriceLists } from '../api/price-lists-api';

export interface PriceListsState {
  /** Sorted by name as the server sends them; null until the first answer. */
  lists: PriceList[] | null;
  /** Fetches them again (after a change made here or elsewhere). */
  reload: () => Promise<void>;
  /** Puts a fresher copy of one list in place (the answer of a create or a rename). */
  put: (list: PriceList) => void;
  drop: (id: string) => void;
}

/** The library of price lists as the `Прайсы` page and the task's price card show it. */
export function usePriceLists(): PriceListsState {
  const [lists, setLists] = useState<PriceList[] | null>(null);

  const reload = useCallback(
    () =>
      fetchPriceLists().then(
        (answer) => setLists(Array.isArray(answer) ? answer : []),
        (e: unknown) => {
          setLists((current) => current ?? []);
          toast.error(PRICE_LIST_UI.loadFailed, { description: serverMessageOf(e) });
        },
      ),
    [],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  const put = useCallback((list: PriceList) => {
    setLists((current) => {
      const all = current ?? [];
      if (all.some((l) => l.id === list.id)) return all.map((l) => (l.id === list.id ? list : l));
      return [...all, list].sort((a, b) => a.name.localeCompare(b.name, 'ru'));
    });
  }, []);

  const drop = useCallback((id: string) => setLists((current) => current?.filter((l) => l.id !== id) ?? null), []);

  return { lists, reload, put, drop };
}
