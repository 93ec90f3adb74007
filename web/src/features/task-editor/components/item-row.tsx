import { memo } from 'react';
import { UI } from '@app/contracts';
import type { ItemsEditor } from '../hooks/use-items-editor';
import { COLUMNS, QTY_COLUMNS } from '../lib/item-rows';
import type { ItemRow } from '../lib/item-rows';

interface Props {
  row: ItemRow;
  index: number;
  unmatched: boolean;
  setCell: ItemsEditor['setCell'];
  finishCell: ItemsEditor['finishCell'];
  deleteRow: ItemsEditor['deleteRow'];
}

/** One editable row; memoised so typing re-renders only the row being edited. */
function ItemRowViewInner({ row, index, unmatched, setCell, finishCell, deleteRow }: Props) {
  return (
    <tr
      className={unmatched ? 'items-row items-row--unmatched' : 'items-row'}
      title={unmatched ? UI.unmatchedRow : undefined}
      data-item={index}
    >
      <td className="items-table__num">
        {unmatched ? <span className="items-row__flag" aria-label={UI.unmatchedRow}>!</span> : null}
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
              onChange={(e) => setCell(index, column, e.target.value)}
              onBlur={qty ? () => finishCell(index, column) : undefined}
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
          onClick={() => deleteRow(index)}
        >
          ✕
        </button>
      </td>
    </tr>
  );
}

export const ItemRowView = memo(ItemRowViewInner);
