import { useEffect, useState } from 'react';
import type { ColumnsState } from '../../mapping/hooks/use-task-columns';
import { serverMessageOf } from '../../../lib/api-client';
import { fetchPriceVersionColumns } from '../api/price-lists-api';

/** The columns of a list's version (the current one), for the compare settings' column picker; idle without one. */
export function useVersionColumns(listId: string, versionId: string | null): ColumnsState {
  const [state, setState] = useState<{ versionId: string | null; columns: ColumnsState }>({ versionId: null, columns: { status: 'idle' } });

  useEffect(() => {
    if (!versionId) return;
    const abort = new AbortController();
    setState({ versionId, columns: { status: 'loading' } });
    fetchPriceVersionColumns(listId, versionId, abort.signal).then(
      (answer) => !abort.signal.aborted && setState({ versionId, columns: { status: 'ready', columns: Array.isArray(answer?.columns) ? answer.columns : [] } }),
      (e: unknown) => !abort.signal.aborted && setState({ versionId, columns: { status: 'failed', message: serverMessageOf(e) } }),
    );
    return () => abort.abort();
  }, [listId, versionId]);

  return versionId && state.versionId === versionId ? state.columns : { status: 'idle' };
}
