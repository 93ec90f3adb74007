import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PROFILE_UI, UI } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { createProfile, deleteProfile, updateProfile } from '../../profiles/api/profiles-api';
import { useProfileList } from '../../profiles/hooks/use-profile-list';
import type { RulesLocation } from './use-rules-location';

/**
 * The profile the rules page shows (the address's, else the default) and the switcher's actions:
 * choose, `+ Профиль` (a copy of the one shown), rename and delete (never the default). Leaving
 * a profile with unsaved edits asks first, as leaving the page does.
 */
export function useProfileSwitcher(location: RulesLocation, isDirty: () => boolean) {
  const { profiles, reload } = useProfileList();
  const [busy, setBusy] = useState(false);
  const fallback = profiles?.find((p) => p.isDefault) ?? profiles?.[0] ?? null;
  const shown = profiles?.find((p) => p.id === location.profileId) ?? fallback;
  const { profileId, setProfile } = location;

  // An address naming no profile (deleted meanwhile) shows the default and says so in the address.
  useEffect(() => {
    if (profiles && profileId && shown && shown.id !== profileId) setProfile(shown.id);
  }, [profiles, profileId, shown, setProfile]);

  const leaveEdits = () => !isDirty() || window.confirm(UI.unsavedChanges);

  const run = async (failure: string, action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (e) {
      toast.error(failure, { description: serverMessageOf(e) });
    } finally {
      setBusy(false);
    }
  };

  const choose = (id: string) => {
    if (id !== shown?.id && leaveEdits()) setProfile(id);
  };

  const add = async () => {
    if (!shown || !leaveEdits()) return;
    const name = window.prompt(PROFILE_UI.newPrompt)?.trim() ?? '';
    if (!name) return;
    await run(PROFILE_UI.createFailed, async () => {
      const created = await createProfile(name, shown.id);
      toast.success(PROFILE_UI.created, { description: created.name });
      await reload();
      setProfile(created.id);
    });
  };

  const rename = async () => {
    if (!shown || shown.isDefault) return;
    const name = window.prompt(PROFILE_UI.renamePrompt, shown.name)?.trim() ?? '';
    if (!name || name === shown.name) return;
    await run(PROFILE_UI.renameFailed, async () => {
      const renamed = await updateProfile(shown.id, { name });
      toast.success(PROFILE_UI.renamed, { description: renamed.name });
      await reload();
    });
  };

  const remove = async () => {
    if (!shown || shown.isDefault || !window.confirm(PROFILE_UI.removeConfirm(shown.name))) return;
    await run(PROFILE_UI.removeFailed, async () => {
      await deleteProfile(shown.id);
      toast.success(PROFILE_UI.removed, { description: shown.name });
      const fresh = await reload();
      setProfile(fresh?.find((p) => p.isDefault)?.id ?? null);
    });
  };

  return { profiles, shown, busy, choose, add, rename, remove };
}

export type ProfileSwitcherState = ReturnType<typeof useProfileSwitcher>;
