import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { serverMessageOf } from '../../../lib/api-client';

export type OpenLoad<T> = { status: 'closed' | 'loading' | 'failed' } | { status: 'ready'; value: T };

/** How often, and how many times at most, an answer `pending` calls unfinished is fetched again. */
const POLL_MS = 2_000;
const POLLS = 30;

/**
 * What a folded part of the page (`<details>`) shows: fetched the first time it is opened, and
 * again whenever `key` changes while it is open; a failure is told in a toast titled `failure`.
 * While `pending` says an answer is not final yet (a worker still counting), it is fetched again
 * every few seconds for a minute at most, shown in place meanwhile.
 */
export function useLoadWhenOpen<T>(open: boolean, key: string, load: (signal: AbortSignal) => Promise<T>, failure: string, pending?: (value: T) => boolean): OpenLoad<T> {
  const [state, setState] = useState<{ key: string; load: OpenLoad<T> }>({ key, load: { status: 'closed' } });

  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polls = 0;
    setState((s) => (s.key === key && s.load.status === 'ready' ? s : { key, load: { status: 'loading' } }));
    const fetchOnce = () =>
      load(abort.signal).then(
        (value) => {
          if (abort.signal.aborted) return;
          setState({ key, load: { status: 'ready', value } });
          if (pending?.(value) && polls++ < POLLS) timer = setTimeout(fetchOnce, POLL_MS);
        },
        (e: unknown) => {
          if (abort.signal.aborted) return;
          setState({ key, load: { status: 'failed' } });
          toast.error(failure, { description: serverMessageOf(e) });
        },
      );
    void fetchOnce();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
    // `load` and `pending` are fresh closures each render; `key` names what it fetches.
  }, [open, key]);

  if (!open && state.load.status !== 'ready') return { status: 'closed' };
  return state.load;
}
