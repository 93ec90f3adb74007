import { BATCH_LIST_MAX, BATCH_UI, UI } from '@app/contracts';
import { useRecentBatches } from '../hooks/use-recent-batches';
import { RecentBatchesTable } from './recent-batches-table';

/**
 * `/batches`: the newest batches of everyone, so a batch's page is found again after it was
 * closed (and a colleague's batch is seen running before starting the same one).
 */
export function RecentBatchesPage() {
  const batches = useRecentBatches();
  return (
    <div className="page">
      <header className="page-header">
        <div className="page-header__text">
          <h1 className="page-header__title">{BATCH_UI.recent}</h1>
          <p className="page-header__meta">{BATCH_UI.recentNote(BATCH_LIST_MAX)}</p>
        </div>
      </header>
      {batches === null ? <p className="placeholder">{UI.loading}</p> : null}
      {batches?.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{BATCH_UI.noRecent}</p>
          <p className="empty-state__hint">{BATCH_UI.noRecentHint}</p>
        </div>
      ) : null}
      {batches?.length ? (
        <section className="panel">
          <RecentBatchesTable batches={batches} />
        </section>
      ) : null}
    </div>
  );
}
