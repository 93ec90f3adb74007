import { PROFILE_UI, UI } from '@app/contracts';
import type { ProfileSwitcherState } from '../hooks/use-profile-switcher';

const LOCKED_ACTIONS = [
  { label: PROFILE_UI.rename, run: 'rename', tone: '' },
  { label: PROFILE_UI.remove, run: 'remove', tone: 'btn--danger' },
] as const;

/** `Профиль правил`: which profile the page edits, and `+ Профиль`, rename, delete. */
export function ProfileSwitcher({ switcher, canEdit, canDelete }: { switcher: ProfileSwitcherState; canEdit: boolean; canDelete: boolean }) {
  const { profiles, shown, busy } = switcher;
  const locked = !shown || shown.isDefault;
  return (
    <div className="rules-toolbar__row" data-testid="profile-switcher">
      <label className="rules-toolbar__label" htmlFor="rules-profile">
        {PROFILE_UI.switcherLabel}
      </label>
      <select
        id="rules-profile"
        className="select"
        value={shown?.id ?? ''}
        disabled={!profiles || busy}
        onChange={(e) => switcher.choose(e.target.value)}
      >
        {!profiles ? <option value="">{UI.loading}</option> : null}
        {profiles?.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      {canEdit ? (
        <button type="button" className="btn btn--ghost" onClick={() => void switcher.add()} disabled={!shown || busy}>
          {PROFILE_UI.add}
        </button>
      ) : null}
      {/* The default profile can be neither renamed nor deleted: the buttons are there, disabled, saying why. */}
      {LOCKED_ACTIONS.filter(({ run }) => (run === 'remove' ? canDelete : canEdit)).map(({ label, run, tone }) => (
        <button
          key={label}
          type="button"
          className={`btn btn--ghost ${tone}`.trim()}
          onClick={() => void switcher[run]()}
          disabled={locked || busy}
          title={shown?.isDefault ? PROFILE_UI.defaultLocked : undefined}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
