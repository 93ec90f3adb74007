import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { TOAST } from '@app/contracts';
import type { Task } from '@app/contracts';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { fetchTask } from '../api/task-editor-api';

export type TaskLoad = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; task: Task };

interface Loaded {
  id: string;
  load: TaskLoad;
}

/**
 * The task of the task page, fetched by id (`GET /api/tasks/{id}`): the sidebar's list carries no
 * items. `replace` takes a fresher copy from an answer (a save, an upload) without a refetch.
 */
export function useTask(id: string): { load: TaskLoad; replace: (task: Task) => void } {
  const [loaded, setLoaded] = useState<Loaded>({ id, load: { status: 'loading' } });

  useEffect(() => {
    let alive = true;
    setLoaded({ id, load: { status: 'loading' } });
    fetchTask(id).then(
      (task) => alive && setLoaded({ id, load: { status: 'ready', task } }),
      (e: unknown) => {
        if (!alive) return;
        // Anything but "no such task" is a failure to load, said as the spec says it for the list.
        if (!(e instanceof ApiError && e.status === 404)) toast.error(TOAST.loadTasksFailed, { description: serverMessageOf(e) });
        setLoaded({ id, load: { status: 'missing' } });
      },
    );
    return () => {
      alive = false;
    };
  }, [id]);

  const replace = useCallback((task: Task) => {
    setLoaded((current) => (current.id === task.id ? { id: task.id, load: { status: 'ready', task } } : current));
  }, []);

  // Until the effect has run for a new id, the previous task must not show under the new address.
  return { load: loaded.id === id ? loaded.load : { status: 'loading' }, replace };
}
