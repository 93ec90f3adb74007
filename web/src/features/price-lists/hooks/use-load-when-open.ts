import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { serverMessageOf } from '../../../lib/api-client';

export type OpenLoad<T> = { status: 'closed' | 'loading' | 'failed' } | { status: 'ready'; value: T };

/**
 * What a folded part of the page (`<details>`) shows: fetched the first time it is opened, and
 * again whenever `key` changes while it is open; a failure is told in a toast titled `failure`.
 */
export function useLoadWhenOpen<T>(open: boolean, key: string, load: (signal: AbortSignal) => Promise<T>, failure: string): OpenLoad<T> {
  const [state, setState] = useState<{ key: string; load: OpenLoad<T> }>({ key, load: { status: 'closed' } });

  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    setState((s) => (s.key === key && s.load.status === 'ready' ? s : { key, load: { status: 'loading' } }));
    load(abort.signal).then(
      (value) => !abort.signal.aborted && setState({ key, load: { status: 'ready', value } }),
      (e: unknown) => {
        if (abort.signal.aborted) return;
        setState({ key, load: { status: 'failed' } });
        toast.error(failure, { description: serverMessageOf(e) });
      },
    );
    return () => abort.abort();
    // `load` is a fresh closure each render; `key` names what it fetches.
  }, [open, key]);

  if (!open && state.load.status !== 'ready') return { status: 'closed' };
  return state.load;
}
