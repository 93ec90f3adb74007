import { UI } from '@app/contracts';
import type { PriceKeys } from '@app/contracts';
import { ColumnInput } from './column-input';

interface Props {
  keys: PriceKeys;
  onChange: (field: keyof PriceKeys, value: number) => void;
}

const LABELS: Record<keyof PriceKeys, string> = { ma: UI.keyMa, gm: UI.keyGm };

export function KeysSection({ keys, onChange }: Props) {
  return (
    <section className="panel">
      <h2 className="panel__title">{UI.keysSection}</h2>
      <div className="form-grid">
        {(['ma', 'gm'] as const).map((field) => (
          <div className="form-row" key={field} data-key={field}>
            <label className="form-row__label" htmlFor={`key-${field}`}>
              {LABELS[field]}
            </label>
            <ColumnInput
              id={`key-${field}`}
              kind="price"
              value={keys[field]}
              placeholder={UI.zeroAutoDetect}
              onChange={(v) => onChange(field, v)}
            />
          </div>
        ))}
      </div>
    </section>
  );
}
