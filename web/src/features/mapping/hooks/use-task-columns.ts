import { useEffect, useState } from 'react';
import { ERR, FILE_KINDS } from '@app/contracts';
import type { FileColumn, FileKind } from '@app/contracts';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { fetchFileColumns } from '../api/columns-api';

export type ColumnsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; columns: FileColumn[] }
  /** The task has no such file (404 `Файл не загружен`). */
  | { status: 'missing' }
  | { status: 'failed'; message?: string };

export type TaskColumns = Record<FileKind, ColumnsState>;

const IDLE: TaskColumns = { price: { status: 'idle' }, template: { status: 'idle' } };

function failure(e: unknown): ColumnsState {
  if (e instanceof ApiError && e.status === 404 && e.serverMessage === ERR.fileNotFound) return { status: 'missing' };
  return { status: 'failed', message: serverMessageOf(e) };
}

/** `Колонки из задачи`: both files' columns of the chosen task, each loaded on its own. */
export function useTaskColumns(taskId: string | null): TaskColumns {
  const [state, setState] = useState<{ taskId: string | null; columns: TaskColumns }>({ taskId: null, columns: IDLE });

  useEffect(() => {
    if (!taskId) {
      setState({ taskId: null, columns: IDLE });
      return;
    }
    const abort = new AbortController();
    setState({ taskId, columns: { price: { status: 'loading' }, template: { status: 'loading' } } });
    const set = (kind: FileKind, value: ColumnsState) =>
      !abort.signal.aborted && setState((s) => (s.taskId === taskId ? { taskId, columns: { ...s.columns, [kind]: value } } : s));
    for (const kind of FILE_KINDS) {
      fetchFileColumns(taskId, kind, abort.signal).then(
        (answer) => set(kind, { status: 'ready', columns: Array.isArray(answer?.columns) ? answer.columns : [] }),
        (e: unknown) => set(kind, failure(e)),
      );
    }
    return () => abort.abort();
  }, [taskId]);

  return state.taskId === taskId ? state.columns : IDLE;
}
