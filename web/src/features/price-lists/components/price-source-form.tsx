import { useId } from 'react';
import type { FormEvent } from 'react';
import { PRICE_SOURCE_UI } from '@app/contracts';
import type { PriceListSource, SourceKind, SourceTestResult } from '@app/contracts';
import { formatSize } from '../../../lib/format';
import type { SourceDraft } from '../lib/source-draft';
import { SourceConnectionFields } from './source-connection-fields';
import { SourceScheduleFields } from './source-schedule-fields';

const T = PRICE_SOURCE_UI;
const KINDS: SourceKind[] = ['url', 'mailbox'];

interface Props {
  draft: SourceDraft;
  saved: PriceListSource | null;
  busy: boolean;
  /** The server's refusal of the last save or test (`Поле «url»: …`). */
  error: string | null;
  test: SourceTestResult | null;
  onEdit: (patch: Partial<SourceDraft>) => void;
  onSave: () => void;
  onTest: () => void;
  onRemove: () => void;
  onCancel: () => void;
}

/**
 * The source form: its kind, that kind's fields, the schedule; `Проверить подключение` tries the
 * form's settings without saving them. The server checks every field (the browser's own checks
 * are off), and its Russian message stands beside the buttons.
 */
export function PriceSourceForm({ draft, saved, busy, error, test, onEdit, onSave, onTest, onRemove, onCancel }: Props) {
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave();
  };

  return (
    <form className="price-settings" aria-label={T.title} data-testid="price-source-form" noValidate onSubmit={submit}>
      <div className="price-settings__row">
        <label htmlFor={`${id}-kind`}>{T.kind}</label>
        <select id={`${id}-kind`} className="select" value={draft.kind} onChange={(e) => onEdit({ kind: e.target.value as SourceKind })}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {T.kinds[k]}
            </option>
          ))}
        </select>
      </div>
      <SourceConnectionFields draft={draft} saved={saved} onEdit={onEdit} />
      <SourceScheduleFields draft={draft} onEdit={onEdit} />
      {error ? (
        <p className="form-error" role="alert" data-testid="source-error">
          {error}
        </p>
      ) : null}
      {test ? (
        <div className={`source-test source-test--${test.ok ? 'ok' : 'failed'}`} role="status" data-testid="source-test">
          <p className="source-test__message">{test.message}</p>
          {test.files.length > 0 ? (
            <ul className="source-test__files" aria-label={T.testFiles}>
              {test.files.map((f, i) => (
                <li key={`${f.name}:${i}`}>
                  {f.name}
                  {f.size !== null ? <span className="note"> · {formatSize(f.size)}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="price-settings__buttons">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {T.save}
        </button>
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={onTest}>
          {T.test}
        </button>
        {saved ? (
          <button type="button" className="btn btn--ghost btn--danger" disabled={busy} onClick={onRemove}>
            {T.remove}
          </button>
        ) : (
          <button type="button" className="btn btn--ghost" disabled={busy} onClick={onCancel}>
            {T.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
