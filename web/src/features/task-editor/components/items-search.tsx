import { Fragment, useId } from 'react';
import type { Ref } from 'react';
import { ITEMS_UI } from '@app/contracts';
import type { ItemsView } from '../hooks/use-items-view';
import { ITEM_FILTERS } from '../lib/items-view';

interface Props {
  view: ItemsView;
  inputRef: Ref<HTMLInputElement>;
  /** Enter or ArrowDown in the box: to the first row shown. */
  onToTable: () => void;
}

/**
 * Above the items table: the search over code MA, code GM and name (`Найдено: N`), the hint that
 * the browser's find sees only the rows on screen, and after a check
 * `Показать: все · не найденные · с предупреждениями` with counts.
 */
export function ItemsSearch({ view, inputRef, onToTable }: Props) {
  const hintId = useId();
  const filterId = useId();
  return (
    <div className="items-tools">
      <div className="items-search" role="search">
        <input
          ref={inputRef}
          type="search"
          className="items-search__input"
          aria-label={ITEMS_UI.searchLabel}
          aria-describedby={hintId}
          placeholder={ITEMS_UI.searchPlaceholder}
          value={view.text}
          onChange={(e) => view.setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === 'ArrowDown') {
              e.preventDefault();
              onToTable();
            }
          }}
        />
        <span className="items-search__found" role="status">
          {view.searching ? ITEMS_UI.found(view.shown?.length ?? view.counts.all) : ''}
        </span>
        <p className="note items-search__hint" id={hintId}>
          {ITEMS_UI.findHint}
        </p>
      </div>
      {view.filtersShown ? (
        <div className="items-filter" role="group" aria-labelledby={filterId}>
          <span className="items-filter__label" id={filterId}>
            {ITEMS_UI.filterLabel}
          </span>
          {ITEM_FILTERS.map((filter, i) => (
            <Fragment key={filter}>
              {i > 0 ? (
                <span className="items-filter__dot" aria-hidden="true">
                  ·
                </span>
              ) : null}
              <button
                type="button"
                className="items-filter__option"
                data-filter={filter}
                aria-pressed={view.filter === filter}
                onClick={() => view.setFilter(filter)}
              >
                {ITEMS_UI.filters[filter]} <span className="items-filter__count">{view.counts[filter]}</span>
              </button>
            </Fragment>
          ))}
        </div>
      ) : null}
    </div>
  );
}
