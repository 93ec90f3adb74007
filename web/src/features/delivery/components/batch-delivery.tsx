import { useState } from 'react';
import { toast } from 'sonner';
import { DELIVERY_UI, type Batch, type BatchRow } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { sendBatch } from '../api/delivery-api';
import { DeliveryStatus } from './delivery-status';
import { Recipients } from './recipients';
import './delivery.css';

/**
 * The batch table's `Отправка` cell (DESIGN §17): the newest message of the row's file — its state
 * and time, to whom, and the mail server's reply (or why it failed), as `Журнал отправки` has them.
 */
export function BatchDeliveryCell({ row }: { row: BatchRow }) {
  const d = row.delivery;
  if (!d) return null;
  const reply = d.error ?? d.reply;
  return (
    <div className="batch-delivery" data-delivery-status={d.status}>
      <DeliveryStatus status={d.status} sentAt={d.sentAt} />
      {d.to.length ? (
        <div className="batch-delivery__to" data-testid="batch-delivery-to">
          <Recipients to={d.to} cc={d.cc} />
        </div>
      ) : null}
      {reply ? (
        <div className="batch-delivery__reply" data-testid="batch-delivery-reply" title={reply}>
          {reply}
        </div>
      ) : null}
    </div>
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
