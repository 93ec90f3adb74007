import { useCallback, useRef, useState } from 'react';
import { BATCH_UI } from '@app/contracts';
import type { BatchSummary } from '@app/contracts';
import { useTasks } from '../../tasks/hooks/tasks-context';
import { fetchBatches } from '../api/batches-api';
import { usePolling } from './use-polling';

/**
 * The newest batches for `/batches`; null until the first answer. Asked for again every second
 * while one of them runs, so its progress moves, and no more once all have ended.
 */
export function useRecentBatches(): BatchSummary[] | null {
  const { refresh } = useTasks();
  const [batches, setBatches] = useState<BatchSummary[] | null>(null);
  const running = useRef(new Set<string>());

  const poll = useCallback(
    async (signal: AbortSignal) => {
      const answer = await fetchBatches(signal);
      if (signal.aborted) return false;
      setBatches(answer);
      const nowRunning = new Set(answer.filter((b) => b.status === 'running').map((b) => b.id));
      // A batch seen running that has ended made exports: they take the stale dots off the sidebar.
      if ([...running.current].some((id) => !nowRunning.has(id))) void refresh();
      running.current = nowRunning;
      return nowRunning.size > 0;
    },
    [refresh],
  );
  usePolling(poll, BATCH_UI.recentLoadFailed);

  return batches;
}
