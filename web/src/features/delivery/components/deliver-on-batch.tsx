import { DELIVERY_UI } from '@app/contracts';
import './delivery.css';

/**
 * `Отправить получателям по готовности` beside a button that starts a generate batch (DESIGN §17):
 * the batch is started with `deliver: true`, each file mailed to its task's recipients as it is made.
 */
export function DeliverOnBatch({ checked, onChange, disabled }: { checked: boolean; onChange: (deliver: boolean) => void; disabled?: boolean }) {
  return (
    <label className="deliver-on-batch" title={DELIVERY_UI.deliverOnBatchHint}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>{DELIVERY_UI.deliverOnBatch}</span>
    </label>
  );
}
