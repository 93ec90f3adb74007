import { useId, useState } from 'react';
import { PROFILE_UI, UI } from '@app/contracts';
import { useProfileList } from '../../profiles/hooks/use-profile-list';

interface Props {
  profileId: string;
  /** Resolves true once the task has the profile (and its rules). */
  onChange: (profileId: string, name: string) => Promise<boolean>;
  disabled?: boolean;
}

/** `Правила: <profile>` beside the task's title; choosing another profile gives the task its rules. */
export function TaskProfile({ profileId, onChange, disabled = false }: Props) {
  const { profiles } = useProfileList();
  const [busy, setBusy] = useState(false);
  const labelId = useId();
  const known = profiles?.some((p) => p.id === profileId) ?? false;

  const choose = async (id: string) => {
    const profile = profiles?.find((p) => p.id === id);
    if (!profile || id === profileId) return;
    setBusy(true);
    try {
      await onChange(id, profile.name);
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="task-profile" title={PROFILE_UI.taskRulesTitle} data-testid="task-profile">
      <span id={labelId}>{PROFILE_UI.taskRules}</span>
      <select
        className="select"
        aria-labelledby={labelId}
        value={profileId}
        disabled={!profiles || busy || disabled}
        onChange={(e) => void choose(e.target.value)}
      >
        {known ? null : <option value={profileId}>{UI.loading}</option>}
        {profiles?.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </span>
  );
}
