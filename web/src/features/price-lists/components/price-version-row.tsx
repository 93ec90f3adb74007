import { useEffect, useRef } from 'react';
import { PRICE_LIST_UI, PRICE_VERSION_UI } from '@app/contracts';
import type { PriceListVersion } from '@app/contracts';
import { formatCount, formatDateTime, formatSize } from '../../../lib/format';
import { priceVersionFileUrl } from '../api/price-lists-api';
import { PriceVersionDiff } from './price-version-diff';

/** The table's columns, for the rows below a version (its hold reasons, its comparison) to span. */
const SPAN = 8;

const STATUS_TONE: Record<PriceListVersion['status'], string> = { current: 'ok', pending: 'info', held: 'warn', rejected: 'danger', old: 'none' };

interface Props {
  listId: string;
  version: PriceListVersion;
  /** Pointed at by a run's link: scrolled to and marked. */
  focused: boolean;
  comparing: boolean;
  onCompare: () => void;
  /** Staff's decision on a held version; null for a viewer. */
  decision: { busy: boolean; decide: (decision: 'accept' | 'reject') => void } | null;
}

/** One version: its row, then for a held one its reasons (and the decision), and its comparison when opened. */
export function PriceVersionRow({ listId, version: v, focused, comparing, onCompare, decision }: Props) {
  const rowRef = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (focused) rowRef.current?.scrollIntoView({ block: 'center' });
  }, [focused]);

  return (
    <>
      <tr ref={rowRef} id={`price-version-${v.id}`} data-version-id={v.id} data-status={v.status} className={focused ? 'price-version--focused' : undefined}>
        <td className="audit-table__at">{formatDateTime(v.uploadedAt)}</td>
        <td>{v.name}</td>
        <td>{formatSize(v.size)}</td>
        <td data-testid="version-rows" className={v.rows === null ? 'note' : undefined}>
          {v.rows === null ? PRICE_LIST_UI.rowsUnknown : formatCount(v.rows)}
        </td>
        <td data-testid="version-origin">{PRICE_VERSION_UI.origin[v.origin] ?? v.origin}</td>
        <td>
          <span className={`badge badge--${STATUS_TONE[v.status]}`} data-testid="version-status">
            {PRICE_VERSION_UI.status[v.status] ?? v.status}
          </span>
          {v.decidedAt ? <span className="price-version__decided">{PRICE_VERSION_UI.decided(v.decidedBy?.displayName ?? '', formatDateTime(v.decidedAt))}</span> : null}
        </td>
        <td>{v.uploadedBy?.displayName ?? ''}</td>
        <td className="data-table__actions price-version__actions">
          {v.compared ? (
            <button type="button" className="btn btn--ghost" aria-expanded={comparing} onClick={onCompare}>
              {comparing ? PRICE_VERSION_UI.hideCompare : PRICE_VERSION_UI.compare}
            </button>
          ) : null}
          <a href={priceVersionFileUrl(listId, v.id)} download={v.name}>
            {PRICE_LIST_UI.download}
          </a>
        </td>
      </tr>
      {v.status === 'held' ? (
        <tr className="price-version__held-row">
          <td colSpan={SPAN}>
            <div className="held-version" data-testid="held-version" role="group" aria-label={PRICE_VERSION_UI.heldTitle}>
              <p className="held-version__title">{PRICE_VERSION_UI.heldTitle}</p>
              <ul className="held-version__reasons">
                {(v.holdReasons ?? []).map((r) => (
                  <li key={`${r.code}:${r.message}`} data-reason={r.code}>
                    {r.message}
                  </li>
                ))}
              </ul>
              {decision ? (
                <div className="held-version__actions">
                  <button type="button" className="btn btn--primary" disabled={decision.busy} onClick={() => decision.decide('accept')}>
                    {PRICE_VERSION_UI.accept}
                  </button>
                  <button type="button" className="btn btn--ghost btn--danger" disabled={decision.busy} onClick={() => decision.decide('reject')}>
                    {PRICE_VERSION_UI.reject}
                  </button>
                </div>
              ) : null}
            </div>
          </td>
        </tr>
      ) : null}
      {comparing ? (
        <tr className="price-version__diff-row">
          <td colSpan={SPAN}>
            <PriceVersionDiff listId={listId} versionId={v.id} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
