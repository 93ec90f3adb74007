import { useState } from 'react';
import { toast } from 'sonner';
import { DELIVERY_UI, type Delivery, type ExportRecord } from '@app/contracts';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { sendExport } from '../api/delivery-api';
import { DeliveryStatus } from './delivery-status';

interface Props {
  record: ExportRecord;
  /** The newest message of this export, from the task's delivery log. */
  last: Delivery | undefined;
  readOnly: boolean;
  onQueued: () => void;
}

/**
 * A history row's `Отправить` (DESIGN §17) and what became of it: `В очереди`, `Отправлено
 * 25.11.2026, 14:05`, or the error. A file already sent asks before sending it again (the server
 * answers 409 `Уже отправлено …` and the resend is the user's choice).
 */
export function SendExportButton({ record, last, readOnly, onQueued }: Props) {
  const [busy, setBusy] = useState(false);
  if (record.status !== 'done') return null;

  const send = async (resend: boolean): Promise<void> => {
    setBusy(true);
    try {
      await sendExport(record.id, resend);
      toast.success(DELIVERY_UI.sendQueued);
      onQueued();
    } catch (err) {
      if (!resend && err instanceof ApiError && err.status === 409 && last?.status === 'sent' && window.confirm(DELIVERY_UI.resendConfirm(formatDateTime(last.sentAt)))) {
        return send(true);
      }
      toast.error(DELIVERY_UI.sendFailed, { description: serverMessageOf(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="delivery-state" data-delivery-status={last?.status ?? 'none'}>
      {last ? (
        <DeliveryStatus status={last.status} sentAt={last.sentAt} title={last.error ?? last.reply ?? undefined} />
      ) : null}
      {readOnly ? null : (
        <button type="button" className="btn btn--ghost" disabled={busy || last?.status === 'queued'} onClick={() => void send(false)}>
          {last?.status === 'sent' ? DELIVERY_UI.resend : DELIVERY_UI.send}
        </button>
      )}
    </span>
  );
}
