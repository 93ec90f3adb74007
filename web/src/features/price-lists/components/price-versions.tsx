import { useState } from 'react';
import { PRICE_LIST_UI, PRICE_VERSION_UI, UI } from '@app/contracts';
import type { PriceListVersion } from '@app/contracts';
import { useCan } from '../../auth/hooks/auth-context';
import { fetchPriceVersions } from '../api/price-lists-api';
import { useLoadWhenOpen } from '../hooks/use-load-when-open';
import { useVersionDecision } from '../hooks/use-version-decision';
import type { VersionsFold } from '../hooks/use-versions-fold';
import { PriceVersionRow } from './price-version-row';
import './price-versions.css';

const COLUMNS = PRICE_LIST_UI.versionColumns;
/**
 * A version just uploaded or fetched is counted and compared by a worker a moment later: the
 * table asks again until every version has its rows and none is still being compared.
 */
const unsettled = (versions: PriceListVersion[]) => Array.isArray(versions) && versions.some((v) => v.rows === null || v.status === 'pending');

interface Props {
  listId: string;
  /** Changes with each new or decided version, so an open table fetches again. */
  reloadKey: number;
  fold: VersionsFold;
  /** A version was accepted or rejected (or found decided already). */
  onChanged: () => Promise<void>;
}

/**
 * `Версии`: each version's date, file, size, data rows, origin, status and uploader, to download;
 * a held one's reasons with `Принять` / `Отклонить`, and a compared one's `Сравнение`.
 */
export function PriceVersions({ listId, reloadKey, fold, onChanged }: Props) {
  const canDecide = useCan('staff');
  const load = useLoadWhenOpen(fold.open, `${listId}:${reloadKey}`, () => fetchPriceVersions(listId), PRICE_LIST_UI.versionsLoadFailed, unsettled);
  const { decide, deciding } = useVersionDecision(listId, onChanged);
  const [comparing, setComparing] = useState<string | null>(null);

  return (
    <details className="price-list__details" open={fold.open} onToggle={(e) => fold.setOpen(e.currentTarget.open)}>
      <summary>{PRICE_LIST_UI.versions}</summary>
      {load.status === 'loading' ? <p className="note">{UI.loading}</p> : null}
      {load.status === 'ready' && load.value.length === 0 ? <p className="note">{PRICE_LIST_UI.noVersions}</p> : null}
      {load.status === 'ready' && load.value.length > 0 ? (
        <table className="data-table price-versions" aria-label={PRICE_LIST_UI.versions}>
          <thead>
            <tr>
              <th>{COLUMNS.date}</th>
              <th>{COLUMNS.file}</th>
              <th>{COLUMNS.size}</th>
              <th>{COLUMNS.rows}</th>
              <th>{PRICE_VERSION_UI.originColumn}</th>
              <th>{PRICE_VERSION_UI.statusColumn}</th>
              <th>{COLUMNS.who}</th>
              <th aria-label={PRICE_LIST_UI.download} />
            </tr>
          </thead>
          <tbody>
            {load.value.map((v) => (
              <PriceVersionRow
                key={v.id}
                listId={listId}
                version={v}
                focused={fold.focusId === v.id}
                comparing={comparing === v.id}
                onCompare={() => setComparing((id) => (id === v.id ? null : v.id))}
                decision={canDecide ? { busy: deciding === v.id, decide: (d) => void decide(v, d) } : null}
              />
            ))}
          </tbody>
        </table>
      ) : null}
    </details>
  );
}
