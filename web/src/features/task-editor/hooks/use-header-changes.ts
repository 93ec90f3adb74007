import { useCallback, useEffect, useRef, useState } from 'react';
import type { FileKind, HeaderChange } from '@app/contracts';
import { fetchHeaderChanges } from '../api/task-editor-api';

export interface HeaderChangesState {
  /** What the guard finds in the task's files now; empty until known, or when it cannot be asked. */
  changes: HeaderChange[];
  /** An upload's own answer for its file (the other file's changes stay); undefined asks the API again. */
  acceptUpload: (kind: FileKind, changes: HeaderChange[] | undefined) => void;
  reload: () => Promise<void>;
}

/**
 * The template guard of the task page (DESIGN §10): asked when the page opens and when the task's
 * rule profile changes, told by each upload's answer, asked again after `Исправить`.
 */
export function useHeaderChanges(taskId: string, profileId: string): HeaderChangesState {
  const [changes, setChanges] = useState<HeaderChange[]>([]);
  const asked = useRef(0);

  const reload = useCallback(async () => {
    const ask = ++asked.current;
    let fresh: HeaderChange[] = [];
    try {
      const answer = await fetchHeaderChanges(taskId);
      fresh = Array.isArray(answer?.changes) ? answer.changes : [];
    } catch {
      // The guard is advice: a failed question shows no warning rather than an error.
    }
    if (ask === asked.current) setChanges(fresh);
  }, [taskId]);

  useEffect(() => {
    void reload();
  }, [reload, profileId]);

  const acceptUpload = useCallback(
    (kind: FileKind, own: HeaderChange[] | undefined) => {
      if (!Array.isArray(own)) {
        void reload();
        return;
      }
      asked.current += 1;
      setChanges((current) => [...current.filter((c) => c.file !== kind), ...own]);
    },
    [reload],
  );

  return { changes, acceptUpload, reload };
}
