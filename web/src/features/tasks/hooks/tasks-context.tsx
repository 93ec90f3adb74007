import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { TOAST } from '@app/contracts';
import type { Task } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { fetchTasks } from '../api/tasks-api';

interface TasksState {
  /** Newest first, as the server sends them. */
  tasks: Task[];
  /** True once the first fetch has finished (successfully or not). */
  loaded: boolean;
  /** Fetches the list again; resolves with it, or with null when the fetch failed (a toast is shown). */
  refresh: () => Promise<Task[] | null>;
  /** Replaces one task in the list with a fresher copy (e.g. the answer of a save). */
  upsert: (task: Task) => void;
  /** Drops a task from the list at once (after it was deleted), before the list is fetched again. */
  remove: (id: string) => void;
}

const TasksContext = createContext<TasksState | null>(null);

export function TasksProvider({ children }: { children: ReactNode }) {
  const [tasks, setTasks] = useState<Task[]>([]);
  const [loaded, setLoaded] = useState(false);
  const inflight = useRef<Promise<Task[] | null> | null>(null);

  const refresh = useCallback(() => {
    if (inflight.current) return inflight.current;
    const p = fetchTasks()
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

  const upsert = useCallback((task: Task) => {
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
