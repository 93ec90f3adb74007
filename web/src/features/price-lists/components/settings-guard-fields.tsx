import { useId } from 'react';
import { GUARD_DEFAULTS, JUMP_BUCKET_MAX, JUMP_CODES_PCT, PRICE_SETTINGS_UI } from '@app/contracts';
import { GUARD_FIELDS, type GuardField } from '../lib/settings-draft';

const T = PRICE_SETTINGS_UI;
/** The range the API takes for each threshold (price-list.schemas.ts). */
const RANGE: Record<GuardField, { min: number; max: number }> = {
  maxRowDropPct: { min: 0, max: 100 },
  maxChangedPct: { min: 0, max: 100 },
  maxJumpPct: { min: 10, max: JUMP_BUCKET_MAX },
};

interface Props {
  guard: Record<GuardField, string>;
  onChange: (field: GuardField, value: string) => void;
}

/** The guard's thresholds, each with its default beside it: past one, a new version is held. */
export function SettingsGuardFields({ guard, onChange }: Props) {
  const id = useId();
  return (
    <fieldset className="price-settings__group">
      <legend>{T.guard}</legend>
      {GUARD_FIELDS.map((field) => (
        <div className="price-settings__row" key={field}>
          <label htmlFor={`${id}-${field}`}>{T[field]}</label>
          <span className="price-settings__value">
            <input
              id={`${id}-${field}`}
              className="text-input price-settings__number"
              type="number"
              inputMode="numeric"
              step={1}
              min={RANGE[field].min}
              max={RANGE[field].max}
              value={guard[field]}
              onChange={(e) => onChange(field, e.target.value)}
            />
            <span className="note">{T.byDefault(GUARD_DEFAULTS[field])}</span>
          </span>
        </div>
      ))}
      <p className="note price-settings__hint">{T.jumpHint(String(JUMP_CODES_PCT).replace('.', ','))}</p>
    </fieldset>
  );
}
