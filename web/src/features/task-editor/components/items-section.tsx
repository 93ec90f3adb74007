import { useRef, useSyncExternalStore } from 'react';
import { UI } from '@app/contracts';
import type { FocusedItem } from '../../check-preview/hooks/use-check-preview';
import type { ItemsEditor } from '../hooks/use-items-editor';
import { useItemsView } from '../hooks/use-items-view';
import { ItemsSearch } from './items-search';
import { ItemsTable, type ItemsTableHandle } from './items-table';

/** `readOnly` (a viewer): the table can be read and searched, not changed. */
export function ItemsSection({ editor, focused, readOnly = false }: { editor: ItemsEditor; focused: FocusedItem | null; readOnly?: boolean }) {
  const { store } = editor;
  const view = useItemsView(store);
  const rowCount = useSyncExternalStore(store.subscribe, () => store.get().rows.length);
  const table = useRef<ItemsTableHandle>(null);
  const search = useRef<HTMLInputElement>(null);
  const unmatched = view.counts.missingMarked;

  const toFirstRow = () => {
    const first = view.shown ? view.shown[0] : 0;
    if (first !== undefined) table.current?.focusCell(first, 0);
  };

  return (
    <section className="panel">
      <div className="panel__head">
        <h2 className="panel__title">{UI.itemsSection}</h2>
        <span className="panel__count">{rowCount}</span>
        {unmatched > 0 ? (
          <span className="panel__warn">
            {UI.unmatchedRow}: {unmatched}
          </span>
        ) : null}
      </div>
      <ItemsSearch view={view} inputRef={search} onToTable={toFirstRow} />
      {/* A disabled fieldset makes every cell and ✕ of the table read-only in one place. */}
      <fieldset className="items-fieldset" disabled={readOnly}>
        <ItemsTable
          ref={table}
          store={store}
          shown={view.shown}
          focused={focused}
          onFind={() => search.current?.focus()}
          onShowAll={view.reset}
        />
      </fieldset>
      {readOnly ? null : (
        <div className="panel__foot">
          <button type="button" className="btn btn--ghost" onClick={() => table.current?.focusCell(store.addRow(), 0)}>
            {UI.addRow}
          </button>
          <p className="note">{UI.pasteHint}</p>
        </div>
      )}
    </section>
  );
}
