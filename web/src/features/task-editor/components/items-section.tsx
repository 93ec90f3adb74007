import { UI } from '@app/contracts';
import type { ItemsEditor } from '../hooks/use-items-editor';
import { ItemsTable } from './items-table';

/** `readOnly` (a viewer): the table can be read and copied from, not changed. */
export function ItemsSection({ editor, readOnly = false }: { editor: ItemsEditor; readOnly?: boolean }) {
  const unmatched = editor.unmatched.size;
  return (
    <section className="panel">
      <div className="panel__head">
        <h2 className="panel__title">{UI.itemsSection}</h2>
        <span className="panel__count">{editor.rows.length}</span>
        {unmatched > 0 ? (
          <span className="panel__warn">
            {UI.unmatchedRow}: {unmatched}
          </span>
        ) : null}
      </div>
      {/* A disabled fieldset makes every cell and ✕ of the table read-only in one place. */}
      <fieldset className="items-fieldset" disabled={readOnly}>
        <ItemsTable editor={editor} />
      </fieldset>
      {readOnly ? null : (
        <div className="panel__foot">
          <button type="button" className="btn btn--ghost" onClick={editor.addRow}>
            {UI.addRow}
          </button>
          <p className="note">{UI.pasteHint}</p>
        </div>
      )}
    </section>
  );
}
