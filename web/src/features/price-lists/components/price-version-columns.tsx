import { useState } from 'react';
import { COLUMNS_UI, PRICE_LIST_UI } from '@app/contracts';
import { fetchPriceVersionColumns } from '../api/price-lists-api';
import { useLoadWhenOpen } from '../hooks/use-load-when-open';

const COLUMNS = PRICE_LIST_UI.versionColumns;

/** `Колонки` of the current version, folded until opened (read by a worker: the first look may take a second). */
export function PriceVersionColumns({ listId, versionId }: { listId: string; versionId: string }) {
  const [open, setOpen] = useState(false);
  const load = useLoadWhenOpen(
    open,
    versionId,
    (signal) => fetchPriceVersionColumns(listId, versionId, signal),
    PRICE_LIST_UI.columnsLoadFailed,
  );
  const columns = load.status === 'ready' && Array.isArray(load.value?.columns) ? load.value.columns : [];

  return (
    <details className="price-list__details" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{PRICE_LIST_UI.columns}</summary>
      {load.status === 'loading' ? <p className="note">{COLUMNS_UI.loading}</p> : null}
      {load.status === 'ready' && columns.length === 0 ? <p className="note">{PRICE_LIST_UI.noColumns}</p> : null}
      {columns.length > 0 ? (
        <table className="data-table" aria-label={PRICE_LIST_UI.columns}>
          <thead>
            <tr>
              <th>{COLUMNS.columnLetter}</th>
              <th>{COLUMNS.header}</th>
              <th>{COLUMNS.samples}</th>
            </tr>
          </thead>
          <tbody>
            {columns.map((c) => (
              <tr key={c.index}>
                <td>
                  {c.index} ({c.letter})
                </td>
                <td>{c.header}</td>
                <td className="note">{c.samples.join(' · ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </details>
  );
}
