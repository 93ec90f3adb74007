import { useId } from 'react';
import { PRICE_SETTINGS_UI, UI } from '@app/contracts';
import { ColumnInput } from '../../mapping/components/column-input';
import { ColumnSourceProvider } from '../../mapping/hooks/column-source';
import type { ColumnsState } from '../../mapping/hooks/use-task-columns';
import type { SettingsDraft } from '../lib/settings-draft';

const T = PRICE_SETTINGS_UI;
const IDLE: ColumnsState = { status: 'idle' };

interface Props {
  draft: SettingsDraft;
  /** The current version's columns: the picker's list, as the rules page offers a task's. */
  columns: ColumnsState;
  hasCurrent: boolean;
  onOwn: (own: boolean) => void;
  onEdit: (change: (d: SettingsDraft) => SettingsDraft) => void;
}

/**
 * The columns versions are compared by: what the following tasks' rules use, or staff's own
 * choice — the MA and GM code columns and the value columns, picked from the current version's
 * columns by number or header with the rules page's column input.
 */
export function CompareColumnsFields({ draft, columns, hasCurrent, onOwn, onEdit }: Props) {
  const id = useId();
  const setValue = (i: number, column: number) => onEdit((d) => ({ ...d, values: d.values.map((v, j) => (j === i ? column : v)) }));

  return (
    <fieldset className="price-settings__group" data-testid="compare-settings">
      <legend>{T.compare}</legend>
      <label className="price-settings__check">
        <input type="radio" name={`${id}-compare`} checked={!draft.ownColumns} onChange={() => onOwn(false)} />
        <span>{T.compareAuto}</span>
      </label>
      <p className="note price-settings__hint">{T.compareAutoHint}</p>
      <label className="price-settings__check">
        <input type="radio" name={`${id}-compare`} checked={draft.ownColumns} disabled={!hasCurrent && !draft.ownColumns} onChange={() => onOwn(true)} />
        <span>{T.compareOwn}</span>
      </label>
      {!hasCurrent && !draft.ownColumns ? <p className="note price-settings__hint">{T.noColumnsYet}</p> : null}
      {draft.ownColumns ? (
        <ColumnSourceProvider value={{ columns: { price: columns, template: IDLE }, headers: { price: draft.headers, template: {} } }}>
          <div className="price-settings__columns">
            {(['ma', 'gm'] as const).map((key) => (
              <div className="price-settings__row" key={key}>
                <label htmlFor={`${id}-${key}`}>{key === 'ma' ? UI.keyMa : UI.keyGm}</label>
                <ColumnInput id={`${id}-${key}`} kind="price" value={draft[key]} placeholder={T.keyUnused} onChange={(v) => onEdit((d) => ({ ...d, [key]: v }))} />
              </div>
            ))}
            {draft.values.map((column, i) => (
              <div className="price-settings__row" key={i} data-value-column={i}>
                <label htmlFor={`${id}-value-${i}`}>{T.valueColumn(i + 1)}</label>
                <span className="price-settings__value">
                  <ColumnInput id={`${id}-value-${i}`} kind="price" value={column} placeholder={T.columnPlaceholder} onChange={(v) => setValue(i, v)} />
                  <button
                    type="button"
                    className="icon-btn icon-btn--danger"
                    aria-label={`${T.removeValueColumn} ${i + 1}`}
                    title={T.removeValueColumn}
                    onClick={() => onEdit((d) => ({ ...d, values: d.values.filter((_, j) => j !== i) }))}
                  >
                    ✕
                  </button>
                </span>
              </div>
            ))}
            <div>
              <button type="button" className="btn btn--ghost" onClick={() => onEdit((d) => ({ ...d, values: [...d.values, 0] }))}>
                + {T.addValueColumn}
              </button>
            </div>
          </div>
        </ColumnSourceProvider>
      ) : null}
    </fieldset>
  );
}
