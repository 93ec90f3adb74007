import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { PRICE_SETTINGS_UI } from '@app/contracts';
import type { OnNewVersion, PriceList } from '@app/contracts';
import { useCan } from '../../auth/hooks/auth-context';
import { useListSettings } from '../hooks/use-list-settings';
import type { PriceListsState } from '../hooks/use-price-lists';
import { CompareColumnsFields } from './compare-columns-fields';
import { PriceListSettingsView } from './price-list-settings-view';
import { SettingsGuardFields } from './settings-guard-fields';

const T = PRICE_SETTINGS_UI;
const ACTIONS: OnNewVersion[] = ['none', 'check', 'generate'];

/**
 * `Настройки` of a list (DESIGN §16), folded until opened: what a new current version sets off
 * (nothing, a check or files of the following tasks, sent or not), the guard's thresholds and the
 * columns versions are compared by. Staff edit them; a viewer reads them.
 */
export function PriceListSettings({ list, lists }: { list: PriceList; lists: PriceListsState }) {
  const canEdit = useCan('staff');
  const [open, setOpen] = useState(false);
  const form = useListSettings(list, lists, open && canEdit);
  const { draft } = form;
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.save();
  };

  return (
    <details className="price-list__details" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{T.title}</summary>
      {open && !canEdit ? <PriceListSettingsView list={list} /> : null}
      {open && canEdit ? (
        <form className="price-settings" aria-label={T.title} data-testid="price-list-settings" onSubmit={submit}>
          <div className="price-settings__row">
            <label htmlFor={`${id}-on-new`}>{T.onNewVersion}</label>
            <select id={`${id}-on-new`} className="select" value={draft.onNewVersion} onChange={(e) => form.set({ onNewVersion: e.target.value as OnNewVersion })}>
              {ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {T.onNewVersionOptions[a]}
                </option>
              ))}
            </select>
          </div>
          <label className="price-settings__check">
            <input type="checkbox" checked={draft.deliver} onChange={(e) => form.set({ deliver: e.target.checked })} />
            <span>{T.deliver}</span>
          </label>
          <p className="note price-settings__hint">{T.deliverHint}</p>
          <SettingsGuardFields guard={draft.guard} onChange={(field, value) => form.edit((d) => ({ ...d, guard: { ...d.guard, [field]: value } }))} />
          <CompareColumnsFields draft={draft} columns={form.columns} hasCurrent={list.current !== null} onOwn={form.chooseOwnColumns} onEdit={form.edit} />
          {form.error ? (
            <p className="form-error" role="alert">
              {form.error}
            </p>
          ) : null}
          <div>
            <button type="submit" className="btn btn--primary" disabled={form.saving}>
              {T.save}
            </button>
          </div>
        </form>
      ) : null}
    </details>
  );
}
