import { useState } from 'react';
import { PRICE_LIST_UI, UI } from '@app/contracts';
import type { PriceListVersion } from '@app/contracts';
import { formatCount, formatDateTime, formatSize } from '../../../lib/format';
import { fetchPriceVersions, priceVersionFileUrl } from '../api/price-lists-api';
import { useLoadWhenOpen } from '../hooks/use-load-when-open';

const COLUMNS = PRICE_LIST_UI.versionColumns;
/** A version just uploaded is counted by a worker a moment later: the table asks again until it is. */
const uncounted = (versions: PriceListVersion[]) => Array.isArray(versions) && versions.some((v) => v.rows === null);

interface Props {
  listId: string;
  currentId: string | null;
  /** Changes with each new version, so an open table fetches again. */
  reloadKey: number;
}

/** `Версии`, folded until opened: each version's date, file, size, data rows and uploader, to download. */
export function PriceVersions({ listId, currentId, reloadKey }: Props) {
  const [open, setOpen] = useState(false);
  const load = useLoadWhenOpen(open, `${listId}:${reloadKey}`, () => fetchPriceVersions(listId), PRICE_LIST_UI.versionsLoadFailed, uncounted);

  return (
    <details className="price-list__details" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{PRICE_LIST_UI.versions}</summary>
      {load.status === 'loading' ? <p className="note">{UI.loading}</p> : null}
      {load.status === 'ready' && load.value.length === 0 ? <p className="note">{PRICE_LIST_UI.noVersions}</p> : null}
      {load.status === 'ready' && load.value.length > 0 ? (
        <table className="data-table" aria-label={PRICE_LIST_UI.versions}>
          <thead>
            <tr>
              <th>{COLUMNS.date}</th>
              <th>{COLUMNS.file}</th>
              <th>{COLUMNS.size}</th>
              <th>{COLUMNS.rows}</th>
              <th>{COLUMNS.who}</th>
              <th aria-label={PRICE_LIST_UI.download} />
            </tr>
          </thead>
          <tbody>
            {load.value.map((v) => (
              <tr key={v.id} data-version-id={v.id}>
                <td className="audit-table__at">
                  {formatDateTime(v.uploadedAt)}
                  {v.id === currentId ? <span className="badge badge--ok price-list__current">{PRICE_LIST_UI.current}</span> : null}
                </td>
                <td>{v.name}</td>
                <td>{formatSize(v.size)}</td>
                <td data-testid="version-rows" className={v.rows === null ? 'note' : undefined}>
                  {v.rows === null ? PRICE_LIST_UI.rowsUnknown : formatCount(v.rows)}
                </td>
                <td>{v.uploadedBy?.displayName ?? ''}</td>
                <td className="data-table__actions">
                  <a href={priceVersionFileUrl(listId, v.id)} download={v.name}>
                    {PRICE_LIST_UI.download}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </details>
  );
}
