import { useCallback, useState } from 'react';
import { BATCH_UI } from '@app/contracts';
import type { Batch } from '@app/contracts';
import { ApiError } from '../../../lib/api-client';
import { useTasks } from '../../tasks/hooks/tasks-context';
import { fetchBatch } from '../api/batches-api';
import { usePolling } from './use-polling';

export type BatchLoad = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; batch: Batch };

/**
 * The batch of the batch page, asked for every second while it runs (its rows fill as tasks
 * finish) or a message of its files is on its way (DESIGN §17), and no more once all that is
 * done; a new `round` (after `Отправить всем`) asks again.
 */
export function useBatch(id: string, round = 0): BatchLoad {
  const { refresh } = useTasks();
  const [state, setState] = useState<{ id: string; load: BatchLoad }>({ id, load: { status: 'loading' } });

  const poll = useCallback(
    async (signal: AbortSignal) => {
      try {
        const batch = await fetchBatch(id, signal);
        if (signal.aborted) return false;
        setState({ id, load: { status: 'ready', batch } });
        if (batch.status === 'running' || batch.tasks.some((t) => t.delivery?.status === 'queued')) return true;
        // Finished exports take the stale dots off the sidebar's tasks.
        void refresh();
        return false;
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 404) || signal.aborted) throw e;
        setState({ id, load: { status: 'missing' } });
        return false;
      }
    },
    // `round` only restarts the polling.
    [id, refresh, round],
  );
  usePolling(poll, BATCH_UI.loadFailed);

  return state.id === id ? state.load : { status: 'loading' };
}
