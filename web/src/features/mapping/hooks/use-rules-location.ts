import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The rules page's address says what it shows: `?profile=<id>` (none: the default profile) and
 * `?task=<id>`, the task whose columns the inputs offer. Changing them replaces the history entry.
 */
export function useRulesLocation() {
  const [params, setParams] = useSearchParams();

  const set = useCallback(
    (name: string, value: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    profileId: params.get('profile'),
    taskId: params.get('task'),
    setProfile: useCallback((id: string | null) => set('profile', id), [set]),
    setTask: useCallback((id: string | null) => set('task', id), [set]),
  };
}

export type RulesLocation = ReturnType<typeof useRulesLocation>;
