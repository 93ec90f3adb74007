import { BATCH_UI } from '@app/contracts';
import type { Batch } from '@app/contracts';

/** `Готово 12 из 20`, as a bar and as text; failed rows count as finished and are named beside it. */
export function BatchProgress({ batch }: { batch: Batch }) {
  const { finished, total, failed } = batch;
  const label = BATCH_UI.progress(finished, total);
  const percent = total > 0 ? Math.round((finished / total) * 100) : 100;
  return (
    <div className="batch-progress">
      <div
        className="batch-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={finished}
        aria-valuetext={label}
        data-status={batch.status}
      >
        <div className="batch-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="batch-progress__text">
        <span data-testid="batch-progress-text">{label}</span>
        {failed > 0 ? <span className="batch-progress__failed">{BATCH_UI.failedCount(failed)}</span> : null}
      </p>
    </div>
  );
}
