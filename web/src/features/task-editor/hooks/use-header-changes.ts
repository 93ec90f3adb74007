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
  // Upload answers that came while the newest question was out: fresher than its answer for their file.
  const uploaded = useRef(new Map<FileKind, HeaderChange[]>());

  const reload = useCallback(async () => {
    const ask = ++asked.current;
    // An upload answered before this question is in the question's answer already.
    uploaded.current.clear();
    let fresh: HeaderChange[] = [];
    try {
      const answer = await fetchHeaderChanges(taskId);
      fresh = Array.isArray(answer?.changes) ? answer.changes : [];
    } catch {
      // The guard is advice: a failed question shows no warning rather than an error.
    }
    // A newer question brings a newer answer; an upload's answer meanwhile replaces only its own file's changes.
    if (ask !== asked.current) return;
    const newer = uploaded.current;
    setChanges([...fresh.filter((c) => !newer.has(c.file)), ...[...newer.values()].flat()]);
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
      const mine = own.filter((c) => c.file === kind);
      uploaded.current.set(kind, mine);
      setChanges((current) => [...current.filter((c) => c.file !== kind), ...mine]);
    },
    [reload],
  );

  return { changes, acceptUpload, reload };
}
