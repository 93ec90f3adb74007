import { useMemo } from 'react';
import { CHECK_UI } from '@app/contracts';
import type { CheckResponse } from '@app/contracts';
import type { FocusedItem } from '../hooks/use-check-preview';
import { groupWarnings } from '../lib/warning-groups';
import { CheckChanges } from './changes-list';
import { PreviewTable } from './preview-table';
import { WarningGroups } from './warning-groups';
import './check-preview.css';

interface Props {
  check: CheckResponse;
  /** The items were edited after the check. */
  stale: boolean;
  focused: FocusedItem | null;
  onFocusItem: (item: number) => void;
  onClose: () => void;
}

/** `Проверить`, beside `Сформировать`: saves the items first and opens the panel. */
export function CheckButton({ checking, onCheck }: { checking: boolean; onCheck: () => void }) {
  return (
    <button type="button" className="btn" onClick={onCheck} disabled={checking} title={CHECK_UI.checkTitle}>
      {checking ? CHECK_UI.checking : CHECK_UI.check}
    </button>
  );
}

/** `Предпросмотр`: the warnings by kind, the changes since the last export and the rows as they will be written. */
export function CheckPanel({ check, stale, focused, onFocusItem, onClose }: Props) {
  const groups = useMemo(() => groupWarnings(check), [check]);
  const warningTotal = groups.reduce((sum, g) => sum + g.count, 0);
  const cut = check.rowsTotal > check.rows.length;
  return (
    <section className="panel check-panel" aria-labelledby="check-panel-title" data-testid="check-panel">
      <div className="panel__head">
        <h2 className="panel__title" id="check-panel-title">
          {CHECK_UI.panelTitle}
        </h2>
        <span className="panel__count">{CHECK_UI.rowsCount(check.rowsTotal)}</span>
        {warningTotal > 0 ? (
          <span className="panel__warn">
            {CHECK_UI.warningsTitle}: {warningTotal}
          </span>
        ) : null}
        <button type="button" className="icon-btn check-panel__close" title={CHECK_UI.close} aria-label={CHECK_UI.close} onClick={onClose}>
          ✕
        </button>
      </div>
      {stale ? (
        <p className="check-panel__stale" role="status">
          {CHECK_UI.stale}
        </p>
      ) : null}
      <div className="check-panel__blocks">
        <WarningGroups groups={groups} onFocusItem={onFocusItem} />
        <CheckChanges changes={check.changes} onFocusItem={onFocusItem} />
      </div>
      {cut ? <p className="check-panel__cut">{CHECK_UI.rowsShown(check.rows.length, check.rowsTotal)}</p> : null}
      <PreviewTable check={check} focused={focused} />
    </section>
  );
}
