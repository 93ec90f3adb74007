import { DELIVERY_UI, type BatchRowDelivery } from '@app/contracts';
import { formatDateTime } from '../../../lib/format';

/** A message's state as a pill: `В очереди`, `Отправлено 25.11.2026, 14:05`, `Ошибка` or `Нет получателей`. */
export function DeliveryStatus({ status, sentAt, title }: Pick<BatchRowDelivery, 'status' | 'sentAt'> & { title?: string }) {
  const look = status === 'sent' ? 'done' : status;
  return (
    <span className={`status status--${look}`} title={title}>
      {status === 'sent' && sentAt ? DELIVERY_UI.sentAt(formatDateTime(sentAt)) : DELIVERY_UI.status[status]}
    </span>
  );
}
