import { useEffect, useRef } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { UI } from '@app/contracts';
import { isTabularText } from '@app/contracts/clipboard-parser';
import type { ItemsEditor } from '../hooks/use-items-editor';
import { COLUMNS } from '../lib/item-rows';
import { ItemRowView } from './item-row';

interface Cell {
  row: number;
  col: number;
}

function cellOf(target: EventTarget | null): Cell | null {
  if (!(target instanceof HTMLInputElement)) return null;
  const row = Number(target.dataset.row);
  const col = Number(target.dataset.col);
  return Number.isInteger(row) && Number.isInteger(col) ? { row, col } : null;
}

/**
 * The editable items table. Keyboard: Enter / ArrowDown — same column, next row (Enter on the last
 * row adds one); ArrowUp — previous row; ArrowLeft/ArrowRight at the start/end of the text — the
 * neighbouring cell; Tab as usual. Pasting spreadsheet cells fills the table from the cell pasted into.
 */
export function ItemsTable({ editor }: { editor: ItemsEditor }) {
  const tableRef = useRef<HTMLTableElement>(null);
  const pendingFocus = useRef<Cell | null>(null);
  const { rows, unmatched } = editor;

  const focusCell = (cell: Cell): boolean => {
    const input = tableRef.current?.querySelector<HTMLInputElement>(`input[data-row="${cell.row}"][data-col="${cell.col}"]`);
    if (!input) return false;
    input.focus();
    input.select();
    return true;
  };

  useEffect(() => {
    if (pendingFocus.current && focusCell(pendingFocus.current)) pendingFocus.current = null;
  }, [rows.length]);

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const cell = cellOf(e.target);
    if (!cell || e.altKey || e.ctrlKey || e.metaKey || e.nativeEvent.isComposing) return;
    const input = e.target as HTMLInputElement;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length && input.selectionEnd === input.value.length;
    let target: Cell | null = null;
    if (e.key === 'Enter' || (e.key === 'ArrowDown' && !e.shiftKey)) {
      if (cell.row + 1 < rows.length) target = { row: cell.row + 1, col: cell.col };
      else if (e.key === 'Enter') {
        e.preventDefault();
        pendingFocus.current = { row: rows.length, col: cell.col };
        editor.addRow();
        return;
      }
    } else if (e.key === 'ArrowUp' && !e.shiftKey) {
      if (cell.row > 0) target = { row: cell.row - 1, col: cell.col };
    } else if (e.key === 'ArrowLeft' && atStart && !e.shiftKey) {
      if (cell.col > 0) target = { row: cell.row, col: cell.col - 1 };
    } else if (e.key === 'ArrowRight' && atEnd && !e.shiftKey) {
      if (cell.col + 1 < COLUMNS.length) target = { row: cell.row, col: cell.col + 1 };
    }
    if (target) {
      e.preventDefault();
      focusCell(target);
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLTableElement>) => {
    const cell = cellOf(e.target);
    if (!cell) return;
    const text = e.clipboardData.getData('text/plain');
    if (!isTabularText(text)) return; // a plain value: let the input paste it
    e.preventDefault();
    editor.paste(cell.row, cell.col, text);
  };

  return (
    <div className="table-wrap">
      <table className="items-table" ref={tableRef} onKeyDown={onKeyDown} onPaste={onPaste}>
        <colgroup>
          <col className="items-table__col-num" />
          <col className="items-table__col-code" />
          <col className="items-table__col-code" />
          <col />
          <col className="items-table__col-qty" />
          <col className="items-table__col-qty" />
          <col className="items-table__col-action" />
        </colgroup>
        <thead>
          <tr>
            <th className="items-table__num">№</th>
            {COLUMNS.map((c) => (
              <th key={c} scope="col">
                {UI.columns[c]}
              </th>
            ))}
            <th aria-label={UI.deleteRow} />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <ItemRowView key={row.key} row={row} index={index} unmatched={unmatched.has(index)}
              setCell={editor.setCell}
              finishCell={editor.finishCell}
              deleteRow={editor.deleteRow}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
