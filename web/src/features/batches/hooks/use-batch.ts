import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { BATCH_UI } from '@app/contracts';
import type { Batch } from '@app/contracts';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { useTasks } from '../../tasks/hooks/tasks-context';
import { fetchBatch } from '../api/batches-api';

/** How often a running batch is asked for again. */
const POLL_MS = 1000;

export type BatchLoad = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; batch: Batch };

/**
 * The batch of the batch page, asked for every second while it runs (its rows fill as tasks
 * finish) and no more once it is done. A failed call (the API restarting) is told once and tried
 * again; progress lives in the database, so the page picks up where the batch is.
 */
export function useBatch(id: string): BatchLoad {
  const { refresh } = useTasks();
  const [state, setState] = useState<{ id: string; load: BatchLoad }>({ id, load: { status: 'loading' } });

  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let told = false;
    setState({ id, load: { status: 'loading' } });

    const poll = async () => {
      try {
        const batch = await fetchBatch(id, abort.signal);
        if (abort.signal.aborted) return;
        setState({ id, load: { status: 'ready', batch } });
        // Finished exports take the stale dots off the sidebar's tasks.
        if (batch.status === 'done') return void refresh();
      } catch (e) {
        if (abort.signal.aborted) return;
        if (e instanceof ApiError && e.status === 404) return setState({ id, load: { status: 'missing' } });
        if (!told) toast.error(BATCH_UI.loadFailed, { description: serverMessageOf(e) });
        told = true;
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [id, refresh]);

  return state.id === id ? state.load : { status: 'loading' };
}
