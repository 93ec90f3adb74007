import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PROFILE_UI } from '@app/contracts';
import type { RuleProfile } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { fetchProfiles } from '../api/profiles-api';

export interface ProfileList {
  /** The default first, then by name; null until the first answer. */
  profiles: RuleProfile[] | null;
  /** Fetches the list again and gives it (null when that failed: a toast says so). */
  reload: () => Promise<RuleProfile[] | null>;
}

/** The rule profiles, for the rules page's switcher and the task page's `Правила:` select. */
export function useProfileList(): ProfileList {
  const [profiles, setProfiles] = useState<RuleProfile[] | null>(null);

  const reload = useCallback(
    () =>
      fetchProfiles().then(
        (list) => {
          const fresh = Array.isArray(list) ? list : [];
          setProfiles(fresh);
          return fresh;
        },
        (e: unknown) => {
          toast.error(PROFILE_UI.loadFailed, { description: serverMessageOf(e) });
          setProfiles((current) => current ?? []);
          return null;
        },
      ),
    [],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  return { profiles, reload };
}
