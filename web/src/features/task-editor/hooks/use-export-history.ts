import { useCallback, useEffect, useState } from 'react';
import type { ExportRecord } from '@app/contracts';
import { fetchExports } from '../api/task-editor-api';

export interface ExportHistoryState {
  /** Newest first; null until the first answer. */
  exports: ExportRecord[] | null;
  /** Fetches the history again (after a generate) and gives the fresh list. */
  refresh: () => Promise<ExportRecord[]>;
}

/** The one owner of a task's export history: the history list and the unmatched marks both read it. */
export function useExportHistory(taskId: string): ExportHistoryState {
  const [exports, setExports] = useState<ExportRecord[] | null>(null);

  const load = useCallback(() => fetchExports(taskId).then((list) => (Array.isArray(list) ? list : []), () => []), [taskId]);

  useEffect(() => {
    let alive = true;
    void load().then((list) => alive && setExports(list));
    return () => {
      alive = false;
    };
  }, [load]);

  const refresh = useCallback(async () => {
    const list = await load();
    setExports(list);
    return list;
  }, [load]);

  return { exports, refresh };
}
