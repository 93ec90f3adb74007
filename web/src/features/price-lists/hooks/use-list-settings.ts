import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PRICE_SETTINGS_UI } from '@app/contracts';
import type { PriceList } from '@app/contracts';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { savePriceListSettings } from '../api/price-lists-api';
import { settingsDraftOf, settingsRequestOf, suggestedColumns, type SettingsDraft } from '../lib/settings-draft';
import type { PriceListsState } from './use-price-lists';
import { useVersionColumns } from './use-version-columns';

/**
 * A list's own settings form (DESIGN §16): the draft follows the list until it is edited; a save
 * sends the list's `version`, and a refusal because the list changed meanwhile (409) keeps what was
 * typed and fetches the list again, so a second save goes through. `open`: the form is shown, so
 * the current version's columns are read for the column picker.
 */
export function useListSettings(list: PriceList, lists: PriceListsState, open: boolean) {
  const [draft, setDraft] = useState<SettingsDraft>(() => settingsDraftOf(list));
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const columns = useVersionColumns(list.id, open ? (list.current?.id ?? null) : null);
  const ready = columns.status === 'ready' ? columns.columns : null;

  useEffect(() => {
    if (!dirty) setDraft(settingsDraftOf(list));
  }, [list, dirty]);

  const edit = useCallback((change: (d: SettingsDraft) => SettingsDraft) => {
    setDraft(change);
    setDirty(true);
    setError(null);
  }, []);

  const set = useCallback((patch: Partial<SettingsDraft>) => edit((d) => ({ ...d, ...patch })), [edit]);

  /** Own columns start from what the current version's headers suggest; the tasks' rules need nothing chosen. */
  const chooseOwnColumns = useCallback(
    (own: boolean) => edit((d) => (!own ? { ...d, ownColumns: false } : d.values.length || d.ma || d.gm || !ready ? { ...d, ownColumns: true, values: d.values.length ? d.values : [0] } : suggestedColumns(d, ready))),
    [edit, ready],
  );

  const save = useCallback(async () => {
    setSaving(true);
    setError(null);
    try {
      const saved = await savePriceListSettings(list.id, settingsRequestOf(draft, ready), list.version);
      lists.put(saved);
      setDraft(settingsDraftOf(saved));
      setDirty(false);
      toast.success(PRICE_SETTINGS_UI.saved);
    } catch (e) {
      setError(serverMessageOf(e) ?? null);
      toast.error(PRICE_SETTINGS_UI.saveFailed, { description: serverMessageOf(e) });
      if (e instanceof ApiError && e.status === 409) await lists.reload();
    } finally {
      setSaving(false);
    }
  }, [draft, list.id, list.version, lists, ready]);

  return { draft, set, edit, chooseOwnColumns, save, saving, dirty, error, columns };
}
