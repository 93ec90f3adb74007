import { useCallback, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ClipboardEvent, FocusEvent, KeyboardEvent, ReactNode, Ref } from 'react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { toast } from 'sonner';
import { ITEMS_UI, UI } from '@app/contracts';
import { isTabularText } from '@app/contracts/clipboard-parser';
import type { FocusedItem } from '../../check-preview/hooks/use-check-preview';
import { gridMove } from '../lib/grid-keys';
import { COLUMNS, QTY_COLUMNS, qtyRefusal } from '../lib/item-rows';
import { markOf, type ItemsStore } from '../lib/items-store';
import { ItemRowView } from './item-row';

/** A row's height in px: the cell input's 34 and the cell's bottom border (global.css, `.items-row`). */
const ROW_HEIGHT = 35;
/** Rows rendered beyond the visible ones on each side, so a quick scroll shows rows, not blank. */
const OVERSCAN = 12;
/** How long a cell waits to be focused until its row is rendered (after a scroll or a new row). */
const FOCUS_WAIT_MS = 2_000;

export interface ItemsTableHandle {
  /** Scrolls to a cell (its row by index in the items) and focuses it. */
  focusCell(row: number, col: number): void;
}

interface Props {
  store: ItemsStore;
  /** The row indexes a search or filter shows, in order; null for every row. */
  shown: number[] | null;
  /** The item a warning of `Предпросмотр` was last clicked for. */
  focused: FocusedItem | null;
  /** Ctrl+F in a cell: the search box. */
  onFind: () => void;
  /** The warning's item is hidden by the search or filter: show every row. */
  onShowAll: () => void;
  ref?: Ref<ItemsTableHandle>;
}

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

/** Rows with no height of their own between the rendered ones, so the scroll box keeps the full table's height. */
const gap = (key: string, height: number) => (
  <tr key={key} className="items-table__gap" aria-hidden="true">
    <td colSpan={COLUMNS.length + 2} style={{ height }} />
  </tr>
);

/**
 * The editable items table, virtualised (@tanstack/react-virtual): only the rows in its scroll box
 * and a few around are in the page, the others are space. The focused cell's row stays rendered
 * while it is scrolled away, so typing goes on where the caret is. Keys: lib/grid-keys.ts. Pasting
 * spreadsheet cells fills the table from the cell pasted into (the rows shown, when filtered).
 */
export function ItemsTable({ store, shown, focused, onFind, onShowAll, ref }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const [headHeight, setHeadHeight] = useState(ROW_HEIGHT + 2);
  // Subscribed for the keys and marks; a row's values are its own subscription (ItemRowView).
  useSyncExternalStore(store.subscribe, () => store.get().layout);
  const marks = useSyncExternalStore(store.subscribe, () => store.get().marks);
  const { rows } = store.get();
  const count = shown ? shown.length : rows.length;
  const positions = useMemo(() => (shown ? new Map(shown.map((row, pos) => [row, pos])) : null), [shown]);
  const positionOf = useCallback((row: number) => (positions ? positions.get(row) : row < rows.length ? row : undefined), [positions, rows.length]);
  const rowAt = (pos: number) => (shown ? shown[pos] : pos);

  // The row of the focused cell, by position: kept in the rendered range (rangeExtractor).
  const active = useRef<number | null>(null);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const pos = active.current;
    if (pos === null || pos >= range.count || indexes.includes(pos)) return indexes;
    return [...indexes, pos].sort((a, b) => a - b);
  }, []);

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // The sticky header sits above the rows inside the scroll box; a row scrolled to stays below it.
    paddingStart: headHeight,
    scrollPaddingStart: headHeight,
    rangeExtractor,
    // The first render shows rows before the box has been measured.
    initialRect: { width: 0, height: 20 * ROW_HEIGHT },
  });

  useLayoutEffect(() => {
    if (headRef.current) setHeadHeight(headRef.current.offsetHeight);
  }, []);

  // A cell to focus once its row is rendered, and a warning's row to bring into view.
  const pendingFocus = useRef<(Cell & { until: number; scrolled: boolean }) | null>(null);
  const pendingReveal = useRef<{ key: number; scrolled: boolean } | null>(null);
  const [highlight, setHighlight] = useState<{ key: number; at: number } | null>(null);

  const settleFocus = (box: HTMLElement) => {
    const focus = pendingFocus.current;
    if (!focus) return;
    const pos = positionOf(focus.row);
    const input = box.querySelector<HTMLInputElement>(`input[data-row="${focus.row}"][data-col="${focus.col}"]`);
    // A new row may not be shown yet (the table renders it next): its focus waits a little.
    if (performance.now() > focus.until) pendingFocus.current = null;
    else if (pos === undefined) return;
    else if (input) {
      pendingFocus.current = null;
      virtualizer.scrollToIndex(pos, { align: 'auto' });
      input.focus({ preventScroll: true });
      input.select();
    } else if (!focus.scrolled) {
      focus.scrolled = true;
      virtualizer.scrollToIndex(pos, { align: 'auto' });
    }
  };
  const settleReveal = (box: HTMLElement) => {
    const reveal = pendingReveal.current;
    if (!reveal) return;
    const pos = positionOf(store.get().rows.findIndex((r) => r.key === reveal.key));
    if (pos === undefined) return; // the search or filter is being cleared (onShowAll)
    const tr = box.querySelector<HTMLElement>(`tr[data-item="${rowAt(pos)}"]`);
    if (tr) {
      pendingReveal.current = null;
      // Centres the row in its box and the box on the page (the panel may be far above).
      tr.scrollIntoView({ block: 'center' });
    } else if (!reveal.scrolled) {
      reveal.scrolled = true;
      virtualizer.scrollToIndex(pos, { align: 'center' });
    }
  };
  const settle = () => {
    if (!scrollRef.current) return;
    settleFocus(scrollRef.current);
    settleReveal(scrollRef.current);
  };
  useLayoutEffect(settle);

  const focusCell = (row: number, col: number) => {
    pendingFocus.current = { row, col, until: performance.now() + FOCUS_WAIT_MS, scrolled: false };
    settle();
  };
  useImperativeHandle(ref, () => ({ focusCell }));

  // A click on a warning: the item's row now (rows may have moved since the check), highlighted.
  const handled = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (!focused || handled.current === focused.at) return;
    handled.current = focused.at;
    const row = store.rowOfItem(focused.item);
    if (row < 0) return;
    const key = store.get().rows[row].key;
    setHighlight({ key, at: focused.at });
    pendingReveal.current = { key, scrolled: false };
    if (positionOf(row) === undefined) onShowAll();
    else settle();
  });

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const target = cellOf(e.target);
    // Keys pressed faster than rows render move on from the cell still waiting for focus, not
    // from the one that has it, so no press is lost; that cell will arrive with its text selected.
    const waiting = pendingFocus.current && performance.now() <= pendingFocus.current.until ? pendingFocus.current : null;
    const cell = target && (waiting ?? target);
    const pos = cell && positionOf(cell.row);
    if (!cell || pos === undefined || pos === null || e.nativeEvent.isComposing) return;
    const input = e.target as HTMLInputElement;
    const caret = (at: number) => !waiting && input.selectionStart === at && input.selectionEnd === at;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 0) / ROW_HEIGHT) - 2);
    const key = { key: e.key, code: e.code, shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey, alt: e.altKey, atStart: caret(0), atEnd: caret(input.value.length) };
    const move = gridMove(key, pos, cell.col, count, page);
    if (!move) return;
    e.preventDefault();
    if (move.to === 'search') onFind();
    else if (move.to === 'new-row') focusCell(store.addRow(), move.col);
    else focusCell(rowAt(move.pos), move.col);
  };

  const onPaste = (e: ClipboardEvent<HTMLTableElement>) => {
    const cell = cellOf(e.target);
    if (!cell) return;
    const text = e.clipboardData.getData('text/plain');
    if (!isTabularText(text)) {
      // A plain value: the input pastes it at the caret, unless it is a quantity that is not digits.
      const column = COLUMNS[cell.col];
      const refused = QTY_COLUMNS.has(column) ? qtyRefusal(column, text, cell.row + 1) : null;
      if (refused) {
        e.preventDefault();
        toast.error(ITEMS_UI.pasteRefused, { description: refused });
      }
      return;
    }
    e.preventDefault();
    const pasted = store.paste(cell.row, cell.col, text, shown);
    if (typeof pasted === 'string') toast.error(ITEMS_UI.pasteRefused, { description: pasted });
  };

  const onFocus = (e: FocusEvent<HTMLTableElement>) => {
    const cell = cellOf(e.target);
    active.current = cell ? (positionOf(cell.row) ?? null) : null;
  };
  const onBlur = (e: FocusEvent<HTMLTableElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) active.current = null;
  };

  const body: ReactNode[] = [];
  let offset = headHeight;
  for (const v of virtualizer.getVirtualItems()) {
    const row = rowAt(v.index);
    const key = rows[row]?.key;
    if (key === undefined) continue;
    if (v.start > offset) body.push(gap(`gap-${body.length}`, v.start - offset));
    body.push(
      <ItemRowView key={key} store={store} index={row} position={v.index} mark={markOf(marks, key)} highlightAt={highlight?.key === key ? highlight.at : 0} />,
    );
    offset = v.end;
  }
  const total = virtualizer.getTotalSize();
  if (count > 0 && total > offset) body.push(gap('gap-end', total - offset));

  return (
    <div className="table-wrap" ref={scrollRef}>
      <table
        className="items-table"
        aria-label={ITEMS_UI.tableLabel}
        aria-rowcount={count + 1}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        <colgroup>
          <col className="items-table__col-num" />
          <col className="items-table__col-code" />
          <col className="items-table__col-code" />
          <col />
          <col className="items-table__col-qty" />
          <col className="items-table__col-qty" />
          <col className="items-table__col-action" />
        </colgroup>
        <thead ref={headRef}>
          <tr aria-rowindex={1}>
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
          {count === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length + 2} className="items-table__none">
                {ITEMS_UI.nothingShown}
              </td>
            </tr>
          ) : (
            body
          )}
        </tbody>
      </table>
    </div>
  );
}
