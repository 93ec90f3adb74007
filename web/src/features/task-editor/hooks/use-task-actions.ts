import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { EXPORT_FILE_NAME, TOAST } from '@app/contracts';
import type { PatchTaskResponse, Task } from '@app/contracts';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import { useTasks } from '../../tasks/hooks/tasks-context';
import { fetchExports, generateExport, saveTaskItems } from '../api/task-editor-api';
import type { ItemsEditor } from './use-items-editor';

/** `Сохранить` and `Сформировать` of the task page, each with its own busy flag. */
export function useTaskActions(task: Task, editor: ItemsEditor) {
  const { upsert } = useTasks();
  const [saving, setSaving] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [exportsVersion, setExportsVersion] = useState(0);

  /** PATCHes the items (and syncs the rules); toasts the outcome; resolves with the answer or null. */
  const persist = useCallback(
    async (announceSaved: boolean): Promise<PatchTaskResponse | null> => {
      const version = editor.currentVersion();
      try {
        const saved = await saveTaskItems(task.id, editor.currentItems());
        editor.acceptSaved(saved.items ?? [], version);
        const { mappingSynced, ...fresh } = saved;
        upsert(fresh as Task);
        if (announceSaved) toast.success(TOAST.saved);
        if (mappingSynced === true) toast.success(TOAST.mappingSynced);
        return saved;
      } catch (e) {
        toast.error(TOAST.saveFailed, { description: serverMessageOf(e) });
        return null;
      }
    },
    [task.id, editor, upsert],
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
        return;
      } finally {
        setExportsVersion((v) => v + 1);
      }
      downloadBlob(result.blob, EXPORT_FILE_NAME);
      const summary =
        result.matched !== null && result.rows !== null ? TOAST.generatedSummary(result.matched, result.rows) : undefined;
      toast.success(TOAST.generated, { description: summary });
      await markUnmatched(task.id, result.exportId, editor);
    } finally {
      setGenerating(false);
    }
  }, [persist, editor, task.id]);

  return { saving, generating, save, generate, exportsVersion };
}

/** Marks the rows the last export did not find in the price list (from its report). */
async function markUnmatched(taskId: string, exportId: string | null, editor: ItemsEditor) {
  const version = editor.currentVersion();
  try {
    const history = await fetchExports(taskId);
    const record = (exportId && history.find((e) => e.id === exportId)) || history[0];
    const indexes = record?.report?.unmatched?.map((u) => u.index) ?? [];
    if (editor.currentVersion() === version) editor.markUnmatched(indexes);
  } catch {
    // The marks are a hint; the file itself was delivered.
  }
}
