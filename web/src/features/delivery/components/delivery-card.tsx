import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { DELIVERY_LIMITS, DELIVERY_UI, UI, type DeliverySettingsResponse } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { fetchDeliverySettings, saveDeliverySettings } from '../api/delivery-api';
import { joinAddresses, parseAddresses } from '../lib/addresses';
import './delivery.css';

interface Draft {
  to: string;
  cc: string;
  subject: string;
  body: string;
  auto: boolean;
}

const draftOf = (r: DeliverySettingsResponse): Draft => ({
  to: joinAddresses(r.settings?.to ?? []),
  cc: joinAddresses(r.settings?.cc ?? []),
  subject: r.settings?.subject ?? r.defaults.subject,
  body: r.settings?.body ?? r.defaults.body,
  auto: r.settings?.auto ?? false,
});

/**
 * `Отправка` on the task page (DESIGN §17): who gets the task's file, the message's subject and text
 * (with `{task}`, `{date}`, `{priceList}`, `{version}`) and whether a batch's export is sent by
 * itself. The server checks every field and names what is wrong; a viewer reads the settings only.
 */
export function DeliveryCard({ taskId, readOnly }: { taskId: string; readOnly: boolean }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let alive = true;
    fetchDeliverySettings(taskId).then(
      (r) => {
        if (!alive) return;
        setDraft(draftOf(r));
        setSaved(r.settings !== null);
      },
      () => alive && setDraft(null),
    );
    return () => {
      alive = false;
    };
  }, [taskId]);

  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    setSaving(true);
    try {
      const r = await saveDeliverySettings(taskId, { to: parseAddresses(draft.to), cc: parseAddresses(draft.cc), subject: draft.subject, body: draft.body, auto: draft.auto });
      setDraft(draftOf(r));
      setSaved(true);
      toast.success(DELIVERY_UI.saved);
    } catch (err) {
      toast.error(DELIVERY_UI.saveFailed, { description: serverMessageOf(err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="panel delivery-card" aria-labelledby="delivery-title" data-testid="delivery-card">
      <h2 className="panel__title" id="delivery-title">
        {DELIVERY_UI.card}
      </h2>
      {draft === null ? <p className="note">{UI.loading}</p> : null}
      {draft && readOnly ? (
        saved ? (
          <dl className="delivery-card__view">
            <dt>{DELIVERY_UI.to}</dt>
            <dd>{draft.to}</dd>
            {draft.cc ? (
              <>
                <dt>{DELIVERY_UI.cc}</dt>
                <dd>{draft.cc}</dd>
              </>
            ) : null}
            <dt>{DELIVERY_UI.subject}</dt>
            <dd>{draft.subject}</dd>
          </dl>
        ) : (
          <p className="note">{DELIVERY_UI.notSet}</p>
        )
      ) : null}
      {draft && !readOnly ? (
        <form className="delivery-card__form" onSubmit={(e) => void onSave(e)}>
          <label className="delivery-card__field">
            <span>{DELIVERY_UI.to}</span>
            <textarea className="text-input delivery-card__addresses" rows={2} value={draft.to} placeholder={DELIVERY_UI.addressesHint} onChange={(e) => set({ to: e.target.value })} />
          </label>
          <label className="delivery-card__field">
            <span>{DELIVERY_UI.cc}</span>
            <textarea className="text-input delivery-card__addresses" rows={1} value={draft.cc} placeholder={DELIVERY_UI.addressesHint} onChange={(e) => set({ cc: e.target.value })} />
          </label>
          <label className="delivery-card__field">
            <span>{DELIVERY_UI.subject}</span>
            <input className="text-input" maxLength={DELIVERY_LIMITS.subjectMax} value={draft.subject} onChange={(e) => set({ subject: e.target.value })} />
          </label>
          <label className="delivery-card__field">
            <span>{DELIVERY_UI.body}</span>
            <textarea className="text-input delivery-card__body" rows={5} maxLength={DELIVERY_LIMITS.bodyMax} value={draft.body} onChange={(e) => set({ body: e.target.value })} />
          </label>
          <p className="note">{DELIVERY_UI.placeholdersHint}</p>
          <label className="delivery-card__check">
            <input type="checkbox" checked={draft.auto} onChange={(e) => set({ auto: e.target.checked })} />
            <span>{DELIVERY_UI.auto}</span>
          </label>
          <div>
            <button type="submit" className="btn btn--primary" disabled={saving || parseAddresses(draft.to).length === 0}>
              {DELIVERY_UI.save}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
