import { useCallback, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { CHECK_UI } from '@app/contracts';
import type { CheckResponse } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { runCheck } from '../api/check-api';
import { checkInputsKey, type CheckInputs } from '../lib/check-inputs';

interface Options {
  /**
   * Saves the items first, as `Сформировать` does (so the check sees the screen): the saved task,
   * whose files and rules the check is made from; null when that failed (and was told).
   */
  saveFirst: () => Promise<CheckInputs | null>;
  /** The items' edit version: a preview made before an edit is shown as out of date. */
  editVersion: () => number;
  /** The task as the page shows it now: a preview made from other files, profile or rules is out of date. */
  inputs: CheckInputs;
  /** The items the check did not find and those with warnings: marked in the items table, which filters by them. */
  markChecked: (missing: readonly number[], warned: readonly number[]) => void;
}

interface Checked {
  check: CheckResponse;
  /** The edit version the check was made from. */
  version: number;
  /** checkInputsKey of the saved task the check was made from. */
  inputs: string;
}

/** `Проверить`: saves, asks the worker for the check, and holds the `Предпросмотр` panel's answer. */
export function useCheckPreview(taskId: string, { saveFirst, editVersion, inputs, markChecked }: Options) {
  const [checked, setChecked] = useState<Checked | null>(null);
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const inputsKey = useMemo(
    () => checkInputsKey({ files: inputs.files, profileId: inputs.profileId, mapping: inputs.mapping }),
    [inputs.files, inputs.profileId, inputs.mapping],
  );
  // The key of the latest render, for an answer that arrives after an upload or a change of rules.
  const currentKey = useRef(inputsKey);
  currentKey.current = inputsKey;

  const check = useCallback(async () => {
    setChecking(true);
    try {
      const version = editVersion();
      const saved = await saveFirst();
      if (saved === null) return;
      const from = checkInputsKey(saved);
      let answer: CheckResponse;
      try {
        answer = await runCheck(taskId);
      } catch (e) {
        toast.error(serverMessageOf(e) ?? CHECK_UI.checkFailed);
        return;
      }
      setChecked({ check: answer, version, inputs: from });
      setOpen(true);
      // Only onto the rows the check was made from: not after an edit, an upload or other rules meanwhile.
      if (editVersion() === version && currentKey.current === from) markChecked(answer.missingItems, answer.warnedItems);
    } finally {
      setChecking(false);
    }
  }, [taskId, saveFirst, editVersion, markChecked]);

  const close = useCallback(() => setOpen(false), []);

  return {
    /** The answer shown in the panel; null while the panel is closed. */
    check: open ? (checked?.check ?? null) : null,
    /**
     * Whether the items were edited, a file uploaded, the profile or the rules changed since the
     * check (read at render: each of them re-renders the page).
     */
    stale: checked !== null && (editVersion() !== checked.version || inputsKey !== checked.inputs),
    checking,
    run: check,
    close,
  };
}

/** The item a warning was last clicked for; `at` tells a second click on the same item from the first. */
export interface FocusedItem {
  item: number;
  at: number;
}

/**
 * A click on a warning: the item is focused until the next such click. The items table scrolls
 * its row into view (rendering it first: only the rows on screen are rendered) and highlights it;
 * the preview table highlights and scrolls to its own row.
 */
export function useItemFocus() {
  const [focused, setFocused] = useState<FocusedItem | null>(null);
  const focusItem = useCallback((item: number) => setFocused({ item, at: Date.now() }), []);
  return { focused, focusItem };
}
