import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ERR, EXPORT_FILE_NAME, TOAST, warningText } from '@app/contracts';
import type { PatchTaskResponse, Task } from '@app/contracts';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import { useTasks } from '../../tasks/hooks/tasks-context';
import { generateExport, saveTaskItems } from '../api/task-editor-api';
import type { ExportHistoryState } from './use-export-history';
import type { ItemsEditor } from './use-items-editor';

/** `Сохранить` and `Сформировать` of the task page, each with its own busy flag. */
export function useTaskActions(task: Task, editor: ItemsEditor, history: ExportHistoryState, onTaskChange: (task: Task) => void) {
  const { upsert } = useTasks();
  const [saving, setSaving] = useState(false);
  const [generating, setGenerating] = useState(false);
  // The task's version the rows stand on: each save sends it and takes the next one. Uploads do not
  // change it, so a save after an upload is not refused.
  const taskVersion = useRef(task.version);
  const lastSave = useRef<Promise<unknown>>(Promise.resolve());

  /** PATCHes the items (and syncs the rules); toasts the outcome; resolves with the answer or null. */
  const persistNow = useCallback(
    async (announceSaved: boolean): Promise<PatchTaskResponse | null> => {
      const version = editor.currentVersion();
      try {
        const saved = await saveTaskItems(task.id, editor.currentItems(), taskVersion.current);
        taskVersion.current = saved.version;
        editor.acceptSaved(saved.items ?? [], version);
        const { mappingSynced, ...fresh } = saved;
        onTaskChange(fresh);
        upsert(fresh);
        if (announceSaved) toast.success(TOAST.saved);
        if (mappingSynced === true) toast.success(TOAST.mappingSynced);
        return saved;
      } catch (e) {
        // Saved meanwhile in another window: the rows stay as typed (still unsaved), nothing is lost.
        if (e instanceof ApiError && e.status === 409) toast.error(ERR.taskChanged);
        else toast.error(TOAST.saveFailed, { description: serverMessageOf(e) });
        return null;
      }
    },
    [task.id, editor, upsert, onTaskChange],
  );

  // One save at a time: Сохранить pressed while Сформировать saves would send the same version
  // twice, and this window's own second save would be refused as stale.
  const persist = useCallback(
    (announceSaved: boolean): Promise<PatchTaskResponse | null> => {
      const run = lastSave.current.then(() => persistNow(announceSaved));
      lastSave.current = run;
      return run;
    },
    [persistNow],
  );

  const save = useCallback(async () => {
    setSaving(true);
    try {
      await persist(true);
    } finally {
      setSaving(false);
    }
  }, [persist]);

  /** Saves first (so the file matches the screen and the current rules), then generates and downloads. */
  const generate = useCallback(async () => {
    setGenerating(true);
    try {
      const saved = await persist(editor.dirty);
      if (!saved) return;
      let result;
      try {
        result = await generateExport(task.id);
      } catch (e) {
        toast.error(e instanceof ApiError && e.serverMessage ? e.serverMessage : TOAST.generateFailed);
        void history.refresh();
        return;
      }
      downloadBlob(result.blob, EXPORT_FILE_NAME);
      const summary =
        result.matched !== null && result.rows !== null ? TOAST.generatedSummary(result.matched, result.rows) : undefined;
      toast.success(TOAST.generated, { description: summary });
      // One request after a generate: the history list and the unmatched marks both come from it.
      const version = editor.currentVersion();
      const list = await history.refresh();
      const record = (result.exportId && list.find((e) => e.id === result.exportId)) || list[0];
      if (editor.currentVersion() === version) editor.markUnmatched(record?.report?.unmatched?.map((u) => u.index) ?? []);
      for (const warning of record?.report?.warnings ?? []) toast.warning(warningText(warning));
    } finally {
      setGenerating(false);
    }
  }, [persist, editor, task.id, history]);

  return { saving, generating, save, generate };
}
