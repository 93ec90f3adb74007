import { useState } from 'react';
import { BATCH_ERR, BATCH_UI, UI } from '@app/contracts';
import { SendAllButton } from '../../delivery/components/batch-delivery';
import { useCan } from '../../auth/hooks/auth-context';
import { formatDateTime } from '../../../lib/format';
import { batchArchiveUrl } from '../api/batches-api';
import { useBatch } from '../hooks/use-batch';
import { BatchProgress } from './batch-progress';
import { BatchTable } from './batch-table';

/** `/batch/:id`: the batch's progress, its table filling as tasks finish, and every file at once. */
export function BatchPage({ id }: { id: string }) {
  const [round, setRound] = useState(0);
  const load = useBatch(id, round);
  const canSend = useCan('staff');
  if (load.status === 'loading') return <p className="placeholder">{UI.loading}</p>;
  if (load.status === 'missing') {
    return (
      <div className="empty-state">
        <h1 className="empty-state__title">{BATCH_ERR.notFound}</h1>
      </div>
    );
  }
  const { batch } = load;
  const hasFiles = batch.action === 'generate' && batch.tasks.some((r) => r.status === 'done' && r.exportId);
  return (
    <div className="page" data-batch-status={batch.status}>
      <header className="page-header">
        <div className="page-header__text">
          <h1 className="page-header__title">{BATCH_UI.title[batch.action]}</h1>
          <p className="page-header__meta">{BATCH_UI.startedAt(formatDateTime(batch.createdAt), batch.createdBy?.displayName ?? '')}</p>
        </div>
        {hasFiles ? (
          <div className="page-header__actions">
            {canSend ? <SendAllButton batch={batch} onQueued={() => setRound((r) => r + 1)} /> : null}
            <a className="btn btn--primary" href={batchArchiveUrl(batch.id)} download>
              {BATCH_UI.downloadAll}
            </a>
          </div>
        ) : null}
      </header>
      <section className="panel">
        <BatchProgress batch={batch} />
        <BatchTable batch={batch} />
      </section>
    </div>
  );
}
