import { useState } from 'react';
import { PRICE_SOURCE_UI, UI } from '@app/contracts';
import type { PriceList, SourceRun } from '@app/contracts';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../auth/hooks/auth-context';
import { usePriceSource } from '../hooks/use-price-source';
import { useSourceRuns } from '../hooks/use-source-runs';
import { PriceSourceForm } from './price-source-form';
import { PriceSourceView } from './price-source-view';
import { SourceRuns } from './source-runs';

const T = PRICE_SOURCE_UI;

interface Props {
  list: PriceList;
  /** A run made a version (current or held), or the source changed: the list and its versions are shown anew. */
  onVersionsChanged: () => Promise<void>;
  onShowVersion: (versionId: string) => void;
}

/**
 * `Источник` of a list (DESIGN §16), folded until opened: the address or mailbox it arrives from
 * and how often it is polled, the next poll, `Проверить сейчас` and the last runs. Staff set it;
 * a viewer reads it (never its secrets).
 */
export function PriceSourceCard({ list, onVersionsChanged, onShowVersion }: Props) {
  const canEdit = useCan('staff');
  const [open, setOpen] = useState(false);
  const src = usePriceSource(list.id, open, () => void onVersionsChanged());
  const onEnded = (run: SourceRun) => {
    void src.reload();
    if (run.versionId) void onVersionsChanged();
  };
  const runs = useSourceRuns(list.id, open && Boolean(src.source), onEnded);
  const { source } = src;

  return (
    <details className="price-list__details" onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="price-source">
      <summary>{T.title}</summary>
      {open && source === undefined ? <p className="note">{UI.loading}</p> : null}
      {source === null && !src.draft ? (
        <div className="price-source-card__none">
          <p className="note">{T.none}</p>
          {canEdit ? (
            <button type="button" className="btn btn--ghost" onClick={src.add}>
              + {T.add}
            </button>
          ) : null}
        </div>
      ) : null}
      {source ? (
        <div className="price-source-card__state">
          <p className="price-source-card__next" data-testid="source-next-run">
            {source.nextRunAt ? T.nextRun(formatDateTime(source.nextRunAt)) : T.manualOnly}
            {source.failures > 0 ? <span className="price-source-card__failures">{T.failures(source.failures)}</span> : null}
          </p>
          {canEdit ? (
            <button type="button" className="btn btn--primary" disabled={runs.starting || runs.waiting} onClick={() => void runs.runNow()}>
              {T.runNow}
            </button>
          ) : null}
        </div>
      ) : null}
      {source && !canEdit ? <PriceSourceView source={source} /> : null}
      {src.draft && canEdit ? (
        <PriceSourceForm
          draft={src.draft}
          saved={source ?? null}
          busy={src.busy}
          error={src.error}
          test={src.test}
          onEdit={src.edit}
          onSave={() => void src.save()}
          onTest={() => void src.checkConnection()}
          onRemove={() => void src.remove()}
          onCancel={src.cancel}
        />
      ) : null}
      {source ? <SourceRuns runs={runs.runs} onShowVersion={onShowVersion} /> : null}
    </details>
  );
}
