import { memo, useEffect, useRef, useSyncExternalStore } from 'react';
import { ITEMS_UI, UI } from '@app/contracts';
import { COLUMNS, QTY_COLUMNS } from '../lib/item-rows';
import { MARK_MISSING, MARK_WARNED, type ItemsStore } from '../lib/items-store';

interface Props {
  store: ItemsStore;
  /** The row's index in the task's items (its number is index + 1, filtered or not). */
  index: number;
  /** Its place among the rows shown (aria-rowindex counts the header row as 1). */
  position: number;
  /** MARK_MISSING | MARK_WARNED: what the last check or generate found. */
  mark: number;
  /** When a warning was last clicked for this row (it is highlighted and flashes); 0 for none. */
  highlightAt: number;
}

const flash = (cells: HTMLCollectionOf<HTMLTableCellElement>) => {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  for (const cell of cells) cell.animate([{ backgroundColor: '#bfd4fb' }, {}], { duration: 1200, easing: 'ease-out' });
};

/**
 * One editable row. It reads its own row from the store, so a keystroke re-renders this row only;
 * memoised, so the table's renders (scrolling, another row's marks) pass it by.
 */
function ItemRowViewInner({ store, index, position, mark, highlightAt }: Props) {
  const row = useSyncExternalStore(store.subscribe, () => store.get().rows[index]);
  const ref = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (highlightAt && ref.current) flash(ref.current.cells);
  }, [highlightAt]);
  if (!row) return null;

  const missing = (mark & MARK_MISSING) !== 0;
  const warned = (mark & MARK_WARNED) !== 0;
  const title = [missing ? UI.unmatchedRow : '', warned ? ITEMS_UI.warnedRow : ''].filter(Boolean).join('. ') || undefined;
  const className = ['items-row', missing && 'items-row--unmatched', warned && 'items-row--warned', highlightAt && 'items-row--focused'].filter(Boolean).join(' ');
  return (
    <tr ref={ref} className={className} title={title} data-item={index} aria-rowindex={position + 2}>
      <td className="items-table__num">
        {missing ? <span className="items-row__flag" aria-label={UI.unmatchedRow}>!</span> : null}
        {warned ? <span className="items-row__flag items-row__flag--warned" aria-label={ITEMS_UI.warnedRow}>⚠</span> : null}
        {index + 1}
      </td>
      {COLUMNS.map((column, col) => {
        const qty = QTY_COLUMNS.has(column);
        return (
          <td key={column}>
            <input
              className={qty ? 'cell-input cell-input--qty' : 'cell-input'}
              type="text"
              inputMode={qty ? 'numeric' : undefined}
              autoComplete="off"
              spellCheck={false}
              aria-label={UI.cellLabel(UI.columns[column], index + 1)}
              data-row={index}
              data-col={col}
              data-field={column}
              value={row[column]}
              onChange={(e) => store.setCell(index, column, e.target.value)}
              onBlur={qty ? () => store.finishCell(index, column) : undefined}
            />
          </td>
        );
      })}
      <td className="items-table__action">
        <button
          type="button"
          className="icon-btn icon-btn--danger"
          title={UI.deleteRow}
          aria-label={`${UI.deleteRow} ${index + 1}`}
          tabIndex={-1}
          onClick={() => store.deleteRow(index)}
        >
          ✕
        </button>
      </td>
    </tr>
  );
}

export const ItemRowView = memo(ItemRowViewInner);
