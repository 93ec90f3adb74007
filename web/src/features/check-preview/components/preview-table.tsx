import { useEffect, useMemo, useRef } from 'react';
import { CHECK_UI, UI } from '@app/contracts';
import type { CheckResponse, CheckRow } from '@app/contracts';
import type { FocusedItem } from '../hooks/use-check-preview';
import { formatValue, itemNumber, matchText } from '../lib/check-text';
import { cellKey, cellWarnings } from '../lib/warning-groups';

interface Props {
  check: CheckResponse;
  /** The item a warning was clicked for: its row is highlighted and scrolled to. */
  focused: FocusedItem | null;
}

type Warned = Map<string, string[]>;

function PreviewRow({ row, columns, warned, focused }: { row: CheckRow; columns: CheckResponse['columns']; warned: Warned; focused: boolean }) {
  const missing = row.status !== 'found';
  const itemWarnings = warned.get(cellKey(row.item));
  const classes = ['check-row', missing ? 'check-row--missing' : '', focused ? 'check-row--focused' : ''].filter(Boolean).join(' ');
  return (
    <tr className={classes} data-preview-item={row.item} title={missing ? UI.unmatchedRow : undefined}>
      <td className={itemWarnings ? 'check-table__num check-table__cell--warn' : 'check-table__num'} title={itemWarnings?.join('\n')}>
        {itemWarnings || missing ? <span className="check-table__flag">!</span> : null}
        {itemNumber(row.item)}
      </td>
      <td className="check-table__status">{matchText(row)}</td>
      <td className="check-table__price-row">{row.priceRow ?? ''}</td>
      {columns.map((column) => {
        const messages = warned.get(cellKey(row.item, column.index));
        const value = row.cells[String(column.index)];
        return (
          <td
            key={column.index}
            className={messages ? 'check-table__cell check-table__cell--warn' : 'check-table__cell'}
            title={messages?.join('\n')}
            data-column={column.index}
          >
            {value === undefined ? '' : formatValue(value)}
          </td>
        );
      })}
    </tr>
  );
}

/** The export's rows as they will be written, under the template's header names. */
export function PreviewTable({ check, focused }: Props) {
  const wrap = useRef<HTMLDivElement>(null);
  const warned = useMemo(() => cellWarnings(check.warnings), [check.warnings]);

  // The row of a clicked warning is brought into this table's own scroll area (the page stays where it is).
  useEffect(() => {
    const box = wrap.current;
    const row = focused && box?.querySelector<HTMLElement>(`tr[data-preview-item="${focused.item}"]`);
    if (box && row) box.scrollTop += row.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientHeight / 2;
  }, [focused]);

  if (check.rows.length === 0) return <p className="changes-list__none">{CHECK_UI.noRows}</p>;
  return (
    // Focusable, so the rows can be scrolled with the keyboard (the table holds nothing to focus).
    <div className="table-wrap check-table-wrap" ref={wrap} tabIndex={0} role="region" aria-label={CHECK_UI.rowsRegion}>
      <table className="check-table">
        <thead>
          <tr>
            <th scope="col">{CHECK_UI.itemColumn}</th>
            <th scope="col">{CHECK_UI.statusColumn}</th>
            <th scope="col">{CHECK_UI.priceRowColumn}</th>
            {check.columns.map((c) => (
              <th key={c.index} scope="col" title={c.header ? `${c.letter} — ${c.header}` : c.letter} data-column={c.index}>
                <span className="check-table__letter">{c.letter}</span>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {check.rows.map((row) => (
            <PreviewRow key={row.item} row={row} columns={check.columns} warned={warned} focused={focused?.item === row.item} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
