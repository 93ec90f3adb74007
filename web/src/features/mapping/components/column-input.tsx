import { useId } from 'react';
import { COLUMNS_UI, columnLetter } from '@app/contracts';
import type { FileKind } from '@app/contracts';
import { useColumnSource } from '../hooks/column-source';
import { useColumnCombobox } from '../hooks/use-column-combobox';
import { columnLabel } from '../lib/column-options';
import { ColumnList, optionId } from './column-list';

interface Props {
  id?: string;
  label?: string;
  /** Which file the number names a column of: the template (targets) or the price list (sources, keys). */
  kind: FileKind;
  value: number;
  placeholder: string;
  onChange: (value: number) => void;
}

/** The header shown beside the input: the loaded file's, else the one the rule was made for. */
function useCaption(kind: FileKind, value: number): { text: string; title: string; tone: string } | null {
  const { columns, headers } = useColumnSource();
  if (value <= 0) return null;
  const state = columns[kind];
  if (state.status === 'ready') {
    const column = state.columns.find((c) => c.index === value);
    if (!column) return { text: COLUMNS_UI.notInFile, title: COLUMNS_UI.notInFile, tone: 'missing' };
    return { text: column.header || COLUMNS_UI.noHeader, title: columnLabel(column), tone: 'file' };
  }
  const remembered = headers[kind][String(value)];
  return remembered ? { text: remembered, title: columnLabel({ index: value, header: remembered }), tone: 'remembered' } : null;
}

/**
 * A column number: non-digits are stripped, empty means 0 (shown empty so the placeholder
 * explains it); the column letter is shown beside it (7 → G), and its header when known. With a
 * task's file loaded, the input also offers that file's columns as a searchable list.
 */
export function ColumnInput({ id, label, kind, value, placeholder, onChange }: Props) {
  const { columns } = useColumnSource();
  const state = columns[kind];
  const combo = useColumnCombobox(state.status === 'ready' ? state.columns : null, value, onChange);
  const listId = useId();
  const letter = columnLetter(value);
  const caption = useCaption(kind, value);
  const listed = state.status === 'ready';

  return (
    <span className="column-input" data-kind={kind}>
      <input
        id={id}
        className="column-input__field"
        type="text"
        inputMode={listed ? 'text' : 'numeric'}
        autoComplete="off"
        spellCheck={false}
        maxLength={listed ? 60 : 5}
        aria-label={label}
        placeholder={placeholder}
        role={listed ? 'combobox' : undefined}
        aria-expanded={listed ? combo.showList : undefined}
        aria-controls={listed ? listId : undefined}
        aria-autocomplete={listed ? 'list' : undefined}
        aria-activedescendant={combo.showList && combo.active >= 0 ? optionId(listId, combo.active) : undefined}
        value={combo.text}
        onChange={(e) => combo.type(e.target.value)}
        onFocus={combo.onFocus}
        onBlur={combo.onBlur}
        onKeyDown={combo.onKeyDown}
      />
      <span className={letter ? 'column-letter' : 'column-letter column-letter--none'} data-testid="column-letter">
        {letter || '—'}
      </span>
      {caption ? (
        <span className={`column-input__header column-input__header--${caption.tone}`} title={caption.title} data-testid="column-header">
          {caption.text}
        </span>
      ) : null}
      {combo.showList ? (
        <ColumnList
          id={listId}
          label={COLUMNS_UI.listLabel(kind)}
          options={combo.options}
          active={combo.active}
          value={value}
          onPick={combo.pick}
        />
      ) : null}
    </span>
  );
}
