import { useState } from 'react';
import { toast } from 'sonner';
import { PRICE_LIST_UI } from '@app/contracts';
import type { PriceList } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { createPriceList } from '../api/price-lists-api';

/** `Создать прайс`: asks for a name (as `Добавить задача` does) and adds the empty list. */
export function CreatePriceListButton({ onCreated }: { onCreated: (list: PriceList) => void }) {
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    const name = window.prompt(PRICE_LIST_UI.namePrompt)?.trim() ?? '';
    if (!name) return;
    setBusy(true);
    try {
      onCreated(await createPriceList(name));
      toast.success(PRICE_LIST_UI.created);
    } catch (e) {
      toast.error(PRICE_LIST_UI.createFailed, { description: serverMessageOf(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="btn btn--primary" onClick={() => void onClick()} disabled={busy}>
      <span aria-hidden="true" className="btn__icon">+</span>
      {PRICE_LIST_UI.create}
    </button>
  );
}
