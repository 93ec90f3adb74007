import { CHECK_UI } from '@app/contracts';
import type { CheckWarning } from '@app/contracts';
import { itemNumber } from '../lib/check-text';
import type { WarningGroup } from '../lib/warning-groups';

interface Props {
  groups: WarningGroup[];
  onFocusItem: (item: number) => void;
}

/** A warning's or change's text that, clicked, scrolls to its item's row and highlights it. */
export function ItemLink({ item, text, onFocusItem }: { item: number; text: string; onFocusItem: (item: number) => void }) {
  return (
    <button type="button" className="check-link" data-item-link={item} title={CHECK_UI.showItem(itemNumber(item))} onClick={() => onFocusItem(item)}>
      {text}
    </button>
  );
}

function WarningLine({ warning, onFocusItem }: { warning: CheckWarning; onFocusItem: (item: number) => void }) {
  if (warning.item === undefined) return <span>{warning.message}</span>;
  return <ItemLink item={warning.item} text={CHECK_UI.itemWarning(itemNumber(warning.item), warning.message)} onFocusItem={onFocusItem} />;
}

/** The check's warnings by kind with their counts; each kind opens to its messages. */
export function WarningGroups({ groups, onFocusItem }: Props) {
  return (
    <div className="check-panel__block check-warnings">
      <h3 className="check-panel__subtitle">{CHECK_UI.warningsTitle}</h3>
      {groups.length === 0 ? <p className="changes-list__none">{CHECK_UI.noWarnings}</p> : null}
      <ul className="check-warnings__groups">
        {groups.map((group) => (
          <li key={group.code} className="check-group" data-code={group.code}>
            <details>
              <summary className="check-group__summary">
                <span className="check-group__label">{group.label}</span>
                <span className="check-group__count">{group.count}</span>
              </summary>
              <ul className="check-group__list">
                {group.warnings.map((warning, i) => (
                  <li key={i} className="check-group__message">
                    <WarningLine warning={warning} onFocusItem={onFocusItem} />
                  </li>
                ))}
                {group.more ? <li className="check-group__message check-group__more">{group.more}</li> : null}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
