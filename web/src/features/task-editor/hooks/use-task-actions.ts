import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { CHECK_UI, ERR, EXPORT_FILE_NAME, GUARD_UI, PRICE_LIST_UI, PROFILE_UI, TOAST, exportWarningCount, warningText } from '@app/contracts';
import type { HeaderChange, PatchTaskResponse, Task } from '@app/contracts';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import { useTasks } from '../../tasks/hooks/tasks-context';
import { changeTaskPriceList, changeTaskProfile, fixHeaderChange, generateExport, saveTaskItems } from '../api/task-editor-api';
import type { ExportHistoryState } from './use-export-history';
import type { ItemsEditor } from './use-items-editor';

/** Report warnings told in toasts of their own after a generate (the count is in `Файл сформирован`). */
const WARNING_TOASTS_MAX = 3;

/** A refused change of the task: 409 says another window saved it meanwhile. */
function refused(e: unknown, failure: string): void {
  if (e instanceof ApiError && e.status === 409) toast.error(ERR.taskChanged);
  else toast.error(failure, { description: serverMessageOf(e) });
}

/**
 * `Сохранить` and `Сформировать` of the task page, each with its own busy flag, and the other
 * changes of the task made from it (its rule profile, `Исправить`), one at a time.
 */
export function useTaskActions(task: Task, editor: ItemsEditor, history: ExportHistoryState, onTaskChange: (task: Task) => void) {
  const { upsert, refresh } = useTasks();
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
        refused(e, TOAST.saveFailed);
        return null;
      }
    },
    [task.id, editor, upsert, onTaskChange],
  );

  // One save at a time: Сохранить pressed while Сформировать saves would send the same version
  // twice, and this window's own second save would be refused as stale.
  const queued = useCallback(<T,>(change: () => Promise<T>): Promise<T> => {
    const run = lastSave.current.then(change);
    lastSave.current = run;
    return run;
  }, []);
  const persist = useCallback((announceSaved: boolean) => queued(() => persistNow(announceSaved)), [queued, persistNow]);

  const accept = useCallback(
    (fresh: Task) => {
      onTaskChange(fresh);
      upsert(fresh);
    },
    [onTaskChange, upsert],
  );

  /** `Правила: …`: the task's profile changed and its rules copied from it (the typed rows stay as they are). */
  const changeProfile = useCallback(
    (profileId: string, name: string) =>
      queued(async () => {
        try {
          const { mappingSynced, ...fresh } = await changeTaskProfile(task.id, profileId, taskVersion.current);
          taskVersion.current = fresh.version;
          accept(fresh);
          toast.success(PROFILE_UI.taskProfileChanged(name), { description: mappingSynced ? PROFILE_UI.taskRulesCopied : undefined });
          return true;
        } catch (e) {
          refused(e, PROFILE_UI.taskProfileFailed);
          return false;
        }
      }),
    [queued, task.id, accept],
  );

  /** The price card's source: a library list (by id, with its name for the toast) or the task's own file (null). */
  const changePriceList = useCallback(
    (priceListId: string | null, name: string) =>
      queued(async () => {
        try {
          const { mappingSynced, ...fresh } = await changeTaskPriceList(task.id, priceListId, taskVersion.current);
          taskVersion.current = fresh.version;
          accept(fresh);
          toast.success(priceListId ? PRICE_LIST_UI.followChanged(name) : PRICE_LIST_UI.ownFileChosen);
          return true;
        } catch (e) {
          refused(e, PRICE_LIST_UI.followFailed);
          return false;
        }
      }),
    [queued, task.id, accept],
  );

  /** `Исправить`: the rule re-pointed where the header went; true when it was. */
  const fixHeader = useCallback(
    ({ file, column, movedTo }: HeaderChange) =>
      queued(async () => {
        if (movedTo === undefined) return false;
        try {
          // It changes no item and leaves the task's version alone, so the rows typed here stay savable.
          accept(await fixHeaderChange(task.id, { file, from: column, to: movedTo }));
          toast.success(GUARD_UI.fixed);
          return true;
        } catch (e) {
          refused(e, GUARD_UI.fixFailed);
          return false;
        }
      }),
    [queued, task.id, accept],
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
      // One line: found N of M · how many warnings the file has (all of them: Проверить lists them).
      const description = (warnings: number | null) =>
        [summary, warnings === null ? undefined : CHECK_UI.fileWarnings(warnings)].filter(Boolean).join(' · ') || undefined;
      const generated = toast.success(TOAST.generated, { description: description(result.warnings) });
      // One request after a generate: the history list, the unmatched marks and the layout warnings all come from it.
      const version = editor.currentVersion();
      const list = await history.refresh();
      const record = (result.exportId && list.find((e) => e.id === result.exportId)) || list[0];
      if (editor.currentVersion() === version) editor.markUnmatched(record?.report?.unmatched?.map((u) => u.index) ?? []);
      if (result.warnings === null && record?.report) {
        toast.success(TOAST.generated, { id: generated, description: description(exportWarningCount(record.report)) });
      }
      // The template layout's warnings are told one by one too (the first few; all of them stay in the history).
      for (const warning of (record?.report?.warnings ?? []).slice(0, WARNING_TOASTS_MAX)) toast.warning(warningText(warning));
      // A task that follows a price list is no longer stale: the sidebar's dot goes.
      if (task.priceListId) void refresh();
    } finally {
      setGenerating(false);
    }
  }, [persist, editor, task.id, task.priceListId, history, refresh]);

  return { saving, generating, save, generate, changeProfile, changePriceList, fixHeader, persist };
}
