import { useState } from 'react';
import type { FormEvent } from 'react';
import { PRICE_LIST_UI, UI } from '@app/contracts';

interface Props {
  name: string;
  /** Resolves true once renamed; false keeps the form open with the typed name. */
  onRename: (name: string) => Promise<boolean>;
  onClose: () => void;
}

/** The list's name made editable in place: a refused rename keeps what was typed, to send again. */
export function PriceListRename({ name, onRename, onClose }: Props) {
  const [value, setValue] = useState(name);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = value.trim();
    if (!next || next === name) {
      onClose();
      return;
    }
    setBusy(true);
    const done = await onRename(next);
    setBusy(false);
    if (done) onClose();
  };

  return (
    <form className="inline-form" onSubmit={(e) => void submit(e)}>
      <input
        aria-label={PRICE_LIST_UI.namePrompt}
        className="text-input"
        value={value}
        maxLength={100}
        autoFocus
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {UI.save}
      </button>
      <button type="button" className="btn btn--ghost" onClick={onClose} disabled={busy}>
        {PRICE_LIST_UI.cancel}
      </button>
    </form>
  );
}
