import { useEffect, useRef } from 'react';
import { COLUMNS_UI } from '@app/contracts';
import type { FileColumn } from '@app/contracts';
import { columnLabel } from '../lib/column-options';

interface Props {
  id: string;
  label: string;
  options: readonly FileColumn[];
  active: number;
  value: number;
  onPick: (column: FileColumn) => void;
}

export const optionId = (listId: string, i: number) => `${listId}-option-${i}`;

/** The dropdown of a column input: `F — Цена с НДС` with the first values below the header. */
export function ColumnList({ id, label, options, active, value, onPick }: Props) {
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    listRef.current?.querySelector(`#${CSS.escape(optionId(id, active))}`)?.scrollIntoView({ block: 'nearest' });
  }, [id, active]);

  return (
    <ul className="column-list" id={id} role="listbox" aria-label={label} ref={listRef}>
      {options.length === 0 ? <li className="column-list__empty">{COLUMNS_UI.noMatches}</li> : null}
      {options.map((column, i) => (
        <li
          key={column.index}
          id={optionId(id, i)}
          role="option"
          aria-selected={i === active}
          data-column={column.index}
          className={[
            'column-list__option',
            i === active ? 'column-list__option--active' : '',
            column.index === value ? 'column-list__option--current' : '',
          ].join(' ').trim()}
          // Keeps the focus in the input, so its blur does not close the list before the pick.
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(column);
          }}
        >
          <span className="column-list__label">{columnLabel(column)}</span>
          {column.samples.length > 0 ? <span className="column-list__samples">{column.samples.join(' · ')}</span> : null}
        </li>
      ))}
    </ul>
  );
}
