import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PRICE_SOURCE_UI } from '@app/contracts';
import type { PriceListSource, SourceTestResult } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { deletePriceSource, fetchPriceSource, savePriceSource, testPriceSource } from '../api/price-sources-api';
import { NEW_SOURCE_DRAFT, draftOfSource, requestOfDraft, type SourceDraft } from '../lib/source-draft';

const T = PRICE_SOURCE_UI;

/**
 * A list's source (DESIGN §16) as its card edits it: fetched when the card is opened; the form's
 * draft (null while there is no source and none is being added); save, remove and the connection
 * test, whose refusal (a 400 naming the field) is kept to show beside the form.
 */
export function usePriceSource(listId: string, open: boolean, onChanged: () => void) {
  /** undefined until fetched; null: the list has no source. */
  const [source, setSource] = useState<PriceListSource | null | undefined>(undefined);
  const [draft, setDraft] = useState<SourceDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [test, setTest] = useState<SourceTestResult | null>(null);

  const show = useCallback((next: PriceListSource | null) => {
    setSource(next);
    setDraft(next ? draftOfSource(next) : null);
    setError(null);
  }, []);

  const reload = useCallback(
    (signal?: AbortSignal) =>
      fetchPriceSource(listId).then(
        (next) => !signal?.aborted && show(next),
        (e: unknown) => !signal?.aborted && toast.error(T.loadFailed, { description: serverMessageOf(e) }),
      ),
    [listId, show],
  );

  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    void reload(abort.signal);
    return () => abort.abort();
  }, [open, reload]);

  const edit = useCallback((patch: Partial<SourceDraft>) => {
    setDraft((d) => (d ? { ...d, ...patch } : d));
    setError(null);
  }, []);

  /** Runs one call of the form, its refusal kept beside the form and told in a toast titled `failure`. */
  const attempt = async (failure: string, call: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (e) {
      setError(serverMessageOf(e) ?? failure);
      toast.error(failure, { description: serverMessageOf(e) });
    } finally {
      setBusy(false);
    }
  };

  const save = () =>
    attempt(T.saveFailed, async () => {
      if (!draft) return;
      show(await savePriceSource(listId, requestOfDraft(draft)));
      setTest(null);
      toast.success(T.saved);
      onChanged();
    });

  const checkConnection = () =>
    attempt(T.testFailed, async () => {
      setTest(null);
      if (draft) setTest(await testPriceSource(listId, requestOfDraft(draft)));
    });

  const remove = () => {
    if (!window.confirm(T.removeConfirm)) return Promise.resolve();
    return attempt(T.removeFailed, async () => {
      await deletePriceSource(listId);
      show(null);
      setTest(null);
      toast.success(T.removed);
      onChanged();
    });
  };

  const add = () => setDraft({ ...NEW_SOURCE_DRAFT });
  const cancel = () => show(source ?? null);

  return { source, draft, edit, busy, error, test, reload, save, checkConnection, remove, add, cancel };
}
