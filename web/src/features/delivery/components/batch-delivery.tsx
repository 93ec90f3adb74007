import { useState } from 'react';
import { toast } from 'sonner';
import { DELIVERY_UI, type Batch, type BatchRow } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { sendBatch } from '../api/delivery-api';

/** The batch table's `Отправка` cell: the newest message of the row's file. */
export function BatchDeliveryCell({ row }: { row: BatchRow }) {
  const d = row.delivery;
  if (!d) return null;
  const status = d.status === 'sent' ? 'done' : d.status === 'none' ? 'none' : d.status;
  return (
    <span className={`status status--${status}`} title={d.error ?? undefined} data-delivery-status={d.status}>
      {d.status === 'sent' && d.sentAt ? DELIVERY_UI.sentAt(formatDateTime(d.sentAt)) : DELIVERY_UI.status[d.status]}
    </span>
  );
}

/** `Отправить всем` on a finished generate batch: each file not yet sent to its task's recipients. */
export function SendAllButton({ batch, onQueued }: { batch: Batch; onQueued: () => void }) {
  const [busy, setBusy] = useState(false);
  if (batch.action !== 'generate' || batch.status !== 'done' || !batch.tasks.some((t) => t.status === 'done')) return null;
  const onClick = async () => {
    setBusy(true);
    try {
      const r = await sendBatch(batch.id);
      toast.success(DELIVERY_UI.sendAllDone(r.queued, r.alreadySent, r.noRecipients));
      onQueued();
    } catch (err) {
      toast.error(DELIVERY_UI.sendAllFailed, { description: serverMessageOf(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void onClick()}>
      {DELIVERY_UI.sendAll}
    </button>
  );
}
