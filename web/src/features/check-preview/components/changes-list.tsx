import { CHECK_UI } from '@app/contracts';
import type { ExportChanges } from '@app/contracts';
import { formatDateTime } from '../../../lib/format';
import { anyChanges, changeLines, changesSummary } from '../lib/check-text';
import { ItemLink } from './warning-groups';
import './check-preview.css';

interface Props {
  changes: ExportChanges;
  /** When given, a changed value's line is a link to its item (the panel; the history's items may be older). */
  onFocusItem?: (item: number) => void;
}

/**
 * «Changes since the last export» as a list: added, removed, changed values (old → new), lost
 * matches; long lists are cut by changeLines, which says how many more there are.
 */
export function ChangesList({ changes, onFocusItem }: Props) {
  const lines = changeLines(changes);
  if (lines.length === 0) return <p className="changes-list__none">{CHECK_UI.noChanges}</p>;
  return (
    <ul className="changes-list">
      {lines.map(({ key, kind, text, item }) => (
        <li key={key} className={`changes-list__line changes-list__line--${kind}`}>
          {onFocusItem && item !== undefined ? <ItemLink item={item} text={text} onFocusItem={onFocusItem} /> : text}
        </li>
      ))}
    </ul>
  );
}

/** The panel's block: the check against the task's newest export, or that there is none yet. */
export function CheckChanges({ changes, onFocusItem }: { changes: ExportChanges | null; onFocusItem: (item: number) => void }) {
  return (
    <div className="check-panel__block check-changes">
      <h3 className="check-panel__subtitle">{CHECK_UI.changesTitle}</h3>
      {changes === null ? (
        <p className="changes-list__none">{CHECK_UI.noPreviousExport}</p>
      ) : (
        <>
          <p className="check-changes__since">{CHECK_UI.changesSince(formatDateTime(changes.since))}</p>
          <ChangesList changes={changes} onFocusItem={onFocusItem} />
        </>
      )}
    </div>
  );
}

/**
 * A history row's changes against the export before it: `+2 −1, изменено 3, не найдено теперь 1`,
 * which opens to the list; nothing for the first export.
 */
export function ExportChangesSummary({ changes }: { changes: ExportChanges | null | undefined }) {
  if (!changes) return null;
  if (!anyChanges(changes)) return <span className="export-changes export-changes--none">{CHECK_UI.noChanges}</span>;
  return (
    <details className="export-changes">
      <summary className="export-changes__summary" title={CHECK_UI.changesTitle}>
        {changesSummary(changes)}
      </summary>
      <ChangesList changes={changes} />
    </details>
  );
}
