import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { TOAST } from '@app/contracts';
import type { Task, TaskSummary } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { fetchTaskSummaries } from '../api/tasks-api';

interface TasksState {
  /** Newest first, as the server sends them; summaries only (a task page loads its own task). */
  tasks: TaskSummary[];
  /** True once the first fetch has finished (successfully or not). */
  loaded: boolean;
  /** Fetches the list again; resolves with it, or with null when the fetch failed (a toast is shown). */
  refresh: () => Promise<TaskSummary[] | null>;
  /** Replaces one task in the list with a fresher copy (e.g. the answer of a save). */
  upsert: (task: Task | TaskSummary) => void;
  /** Drops a task from the list at once (after it was deleted), before the list is fetched again. */
  remove: (id: string) => void;
}

const TasksContext = createContext<TasksState | null>(null);

function summaryOf(task: Task | TaskSummary): TaskSummary {
  if (!('items' in task)) return task;
  const { id, name, createdAt, updatedAt, files, profileId, priceListId, stale } = task;
  return { id, name, createdAt, updatedAt, files, itemCount: task.items.length, profileId, priceListId, stale };
}

export function TasksProvider({ children }: { children: ReactNode }) {
  const [tasks, setTasks] = useState<TaskSummary[]>([]);
  const [loaded, setLoaded] = useState(false);
  const inflight = useRef<Promise<TaskSummary[] | null> | null>(null);

  const refresh = useCallback(() => {
    if (inflight.current) return inflight.current;
    const p = fetchTaskSummaries()
      .then((list) => {
        setTasks(Array.isArray(list) ? list : []);
        return list;
      })
      .catch((e: unknown) => {
        toast.error(TOAST.loadTasksFailed, { description: serverMessageOf(e) });
        return null;
      })
      .finally(() => {
        inflight.current = null;
        setLoaded(true);
      });
    inflight.current = p;
    return p;
  }, []);

  const upsert = useCallback((fresh: Task | TaskSummary) => {
    const task = summaryOf(fresh);
    setTasks((list) => {
      const i = list.findIndex((t) => t.id === task.id);
      if (i < 0) return [task, ...list];
      const next = list.slice();
      next[i] = task;
      return next;
    });
  }, []);

  const remove = useCallback((id: string) => setTasks((list) => list.filter((t) => t.id !== id)), []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const value = useMemo(() => ({ tasks, loaded, refresh, upsert, remove }), [tasks, loaded, refresh, upsert, remove]);
  return <TasksContext.Provider value={value}>{children}</TasksContext.Provider>;
}

export function useTasks(): TasksState {
  const ctx = useContext(TasksContext);
  if (!ctx) throw new Error('useTasks must be used inside TasksProvider');
  return ctx;
}
