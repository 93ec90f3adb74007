import { useId, useState } from 'react';
import { PRICE_LIST_UI, UI } from '@app/contracts';
import type { PriceList, Task } from '@app/contracts';

interface Props {
  task: Task;
  /** The library; null while it loads. */
  lists: PriceList[] | null;
  /** Resolves true once the task follows the choice (null: its own file). */
  onChange: (priceListId: string | null, name: string) => Promise<boolean>;
  disabled?: boolean;
}

/** The price card's `Свой файл` or a list from the library. */
export function PriceSourceSelect({ task, lists, onChange, disabled = false }: Props) {
  const [busy, setBusy] = useState(false);
  const id = useId();
  const value = task.priceListId ?? '';
  const known = !task.priceListId || (lists?.some((l) => l.id === task.priceListId) ?? false);

  const choose = async (next: string) => {
    if (next === value) return;
    setBusy(true);
    try {
      await onChange(next || null, lists?.find((l) => l.id === next)?.name ?? '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="price-source">
      <label htmlFor={id} className="price-source__label">
        {PRICE_LIST_UI.source}
      </label>
      <select id={id} className="select" value={value} disabled={busy || disabled} onChange={(e) => void choose(e.target.value)} data-testid="price-source">
        <option value="">{PRICE_LIST_UI.ownFile}</option>
        <optgroup label={PRICE_LIST_UI.fromLibrary}>
          {known ? null : <option value={value}>{task.priceList?.name ?? UI.loading}</option>}
          {lists?.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </optgroup>
      </select>
    </div>
  );
}
