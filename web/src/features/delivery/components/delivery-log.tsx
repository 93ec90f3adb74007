import { AUTH_UI, DELIVERY_UI, UI, type Delivery } from '@app/contracts';
import { formatDateTime } from '../../../lib/format';
import { Recipients } from './recipients';

const MAX_SHOWN = 20;
const C = DELIVERY_UI.logColumns;

/** `Журнал отправки`: who sent which file to whom, when, and what the mail server answered. */
export function DeliveryLog({ deliveries }: { deliveries: Delivery[] | null }) {
  return (
    <section className="panel" aria-labelledby="delivery-log-title">
      <h2 className="panel__title" id="delivery-log-title">
        {DELIVERY_UI.log}
      </h2>
      {deliveries === null ? <p className="note">{UI.loading}</p> : null}
      {deliveries?.length === 0 ? <p className="note">{DELIVERY_UI.noDeliveries}</p> : null}
      {deliveries && deliveries.length > 0 ? (
        <div className="table-wrap">
          <table className="data-table delivery-log" aria-label={DELIVERY_UI.log}>
            <thead>
              <tr>
                <th>{C.at}</th>
                <th>{C.who}</th>
                <th>{C.to}</th>
                <th>{C.file}</th>
                <th>{C.status}</th>
                <th>{C.reply}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.slice(0, MAX_SHOWN).map((d) => (
                <tr key={d.id} data-delivery-id={d.id} data-status={d.status}>
                  <td>{formatDateTime(d.sentAt ?? d.createdAt)}</td>
                  <td>{d.by?.displayName ?? AUTH_UI.systemUser}</td>
                  <td>
                    <Recipients to={d.to} cc={d.cc} />
                  </td>
                  <td>{d.fileName}</td>
                  <td>
                    <span className={`status status--${d.status === 'sent' ? 'done' : d.status}`}>{DELIVERY_UI.status[d.status]}</span>
                    {d.attempts > 1 ? <span className="note"> {DELIVERY_UI.attempts(d.attempts)}</span> : null}
                  </td>
                  <td className="delivery-log__reply">{d.error ?? d.reply ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
