import { MANUAL_FIELDS, UI } from '@app/contracts';
import type { ManualMapping } from '@app/contracts';
import { ColumnInput } from './column-input';

interface Props {
  manual: ManualMapping;
  onChange: (field: keyof ManualMapping, value: number) => void;
}

export function ManualSection({ manual, onChange }: Props) {
  return (
    <section className="panel">
      <h2 className="panel__title">{UI.manualSection}</h2>
      <div className="form-grid">
        {MANUAL_FIELDS.map((field) => (
          <div className="form-row" key={field} data-field={field}>
            <label className="form-row__label" htmlFor={`manual-${field}`}>
              {UI.columns[field]}
            </label>
            <ColumnInput
              id={`manual-${field}`}
              kind="template"
              value={manual[field]}
              placeholder={UI.zeroNotTransferred}
              onChange={(v) => onChange(field, v)}
            />
          </div>
        ))}
      </div>
    </section>
  );
}
