import { PRICE_DIFF_UI, UI, columnLetter } from '@app/contracts';
import type { DiffHeaderChange } from '@app/contracts';
import { formatCount } from '../../../lib/format';
import { fetchPriceVersionDiff, priceVersionDiffXlsxUrl } from '../api/price-lists-api';
import { useLoadWhenOpen } from '../hooks/use-load-when-open';
import { DiffChangesTable } from './diff-changes-table';

function headerChangeText(h: DiffHeaderChange): string {
  if (h.missing) return PRICE_DIFF_UI.headerMissing(columnLetter(h.column), h.was);
  if (h.movedTo) return PRICE_DIFF_UI.headerMoved(h.was, columnLetter(h.column), columnLetter(h.movedTo));
  return PRICE_DIFF_UI.headerRenamed(columnLetter(h.column), h.was, h.now);
}

/** Codes added or removed, folded: the first of them (the totals count all). */
function CodeList({ title, codes, total }: { title: string; codes: string[]; total: number }) {
  if (total === 0) return <li>{title}</li>;
  return (
    <li>
      <details className="price-diff__codes">
        <summary>{title}</summary>
        <p>{codes.join(', ')}</p>
        {codes.length < total ? <p className="note">{PRICE_DIFF_UI.firstOf(formatCount(codes.length), formatCount(total))}</p> : null}
      </details>
    </li>
  );
}

/**
 * `Сравнение` of a version with the one current before it (DESIGN §16): rows before and after,
 * codes added and removed, the changed values, the compared columns whose header changed, and
 * the whole of it as a workbook.
 */
export function PriceVersionDiff({ listId, versionId }: { listId: string; versionId: string }) {
  const load = useLoadWhenOpen(true, versionId, (signal) => fetchPriceVersionDiff(listId, versionId, signal), PRICE_DIFF_UI.loadFailed);

  return (
    <section className="price-diff" aria-label={PRICE_DIFF_UI.title} data-testid="price-diff">
      <h4 className="price-diff__title">{PRICE_DIFF_UI.title}</h4>
      {load.status === 'loading' ? <p className="note">{UI.loading}</p> : null}
      {load.status === 'ready' ? (
        <>
          <ul className="price-diff__summary">
            <li data-testid="diff-rows">{PRICE_DIFF_UI.rows(formatCount(load.value.rowsBefore), formatCount(load.value.rowsAfter))}</li>
            <CodeList title={PRICE_DIFF_UI.added(formatCount(load.value.addedTotal))} codes={load.value.added} total={load.value.addedTotal} />
            <CodeList title={PRICE_DIFF_UI.removed(formatCount(load.value.removedTotal))} codes={load.value.removed} total={load.value.removedTotal} />
            <li data-testid="diff-changed">{PRICE_DIFF_UI.changed(formatCount(load.value.changedTotal))}</li>
          </ul>
          {load.value.headerChanges.length > 0 ? (
            <div className="price-diff__headers">
              <p className="price-diff__subtitle">{PRICE_DIFF_UI.headerChanges}</p>
              <ul>
                {load.value.headerChanges.map((h) => (
                  <li key={h.column}>{headerChangeText(h)}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {load.value.changed.length > 0 ? <DiffChangesTable changes={load.value.changed} total={load.value.changedTotal} /> : <p className="note">{PRICE_DIFF_UI.noChanges}</p>}
          <p className="price-diff__download">
            <a href={priceVersionDiffXlsxUrl(listId, versionId)} download>
              {PRICE_DIFF_UI.download}
            </a>
          </p>
        </>
      ) : null}
    </section>
  );
}
