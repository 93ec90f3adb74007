import { useCallback, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { PRICE_LIST_UI, PRICE_VERSION_UI, TOAST } from '@app/contracts';
import type { PriceList } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { useStartBatch } from '../../batches/hooks/use-start-batch';
import { useTasks } from '../../tasks/hooks/tasks-context';
import { deletePriceList, renamePriceList, uploadPriceVersion } from '../api/price-lists-api';
import { holdReasonsText } from '../lib/diff-format';
import type { PriceListsState } from './use-price-lists';

/** What one list's card does: rename, delete, a new version, `Сформировать все`; what it shows again after a change. */
export function usePriceListActions(list: PriceList, lists: PriceListsState) {
  const { tasks, refresh } = useTasks();
  const { start, starting } = useStartBatch();
  const [uploading, setUploading] = useState(false);
  /** `Отправить получателям по готовности` beside `Сформировать все`. */
  const [deliver, setDeliver] = useState(false);
  /** Bumped by each new version, so an open versions table fetches again. */
  const [versionsKey, setVersionsKey] = useState(0);
  const following = useMemo(() => tasks.filter((t) => t.priceListId === list.id).map((t) => t.id), [tasks, list.id]);

  /** A version came, was accepted or rejected: the versions, the list's counts and the tasks' stale dots are fetched again. */
  const versionsChanged = useCallback(async () => {
    setVersionsKey((k) => k + 1);
    await Promise.all([lists.reload(), refresh()]);
  }, [lists, refresh]);

  /** True once renamed; a refusal (409: renamed elsewhere, name taken) is told and the lists fetched again. */
  const rename = useCallback(
    async (name: string): Promise<boolean> => {
      try {
        lists.put(await renamePriceList(list.id, name, list.version));
        toast.success(PRICE_LIST_UI.renamed);
        return true;
      } catch (e) {
        toast.error(PRICE_LIST_UI.renameFailed, { description: serverMessageOf(e) });
        await lists.reload();
        return false;
      }
    },
    [list.id, list.version, lists],
  );

  const remove = useCallback(async () => {
    if (!window.confirm(PRICE_LIST_UI.deleteConfirm(list.name))) return;
    try {
      await deletePriceList(list.id);
      lists.drop(list.id);
      toast.success(PRICE_LIST_UI.deleted);
    } catch (e) {
      toast.error(PRICE_LIST_UI.deleteFailed, { description: serverMessageOf(e) });
      await lists.reload();
    }
  }, [list.id, list.name, lists]);

  const upload = useCallback(
    async (file: File | undefined) => {
      if (!file || uploading) return;
      setUploading(true);
      try {
        const { version, taskIds } = await uploadPriceVersion(list.id, file);
        // The answer comes once the version is compared: a held one changes nothing until accepted.
        if (version.status === 'held') toast.warning(PRICE_VERSION_UI.heldToast(holdReasonsText(version.holdReasons)), { description: file.name });
        else toast.success(PRICE_LIST_UI.versionAdded(taskIds.length), { description: file.name });
        // The following tasks are stale now: the sidebar's dots and the list's counts say so.
        await versionsChanged();
      } catch (e) {
        toast.error(TOAST.uploadFailed, { description: serverMessageOf(e) });
      } finally {
        setUploading(false);
      }
    },
    [list.id, versionsChanged, uploading],
  );

  const generateAll = useCallback(() => start('generate', following, deliver), [start, following, deliver]);

  return { rename, remove, upload, uploading, versionsKey, versionsChanged, following, generateAll, deliver, setDeliver, starting };
}
