import { COLUMNS } from './item-rows';

/** A key pressed in a cell of the items table, as far as moving around goes. */
export interface GridKey {
  key: string;
  /** KeyboardEvent.code: the physical key, so Ctrl+F is found on a Russian layout too. */
  code: string;
  shift: boolean;
  /** Ctrl, or ⌘ on a Mac. */
  ctrl: boolean;
  alt: boolean;
  /** The caret stands at the start / end of the cell's text with nothing selected. */
  atStart: boolean;
  atEnd: boolean;
}

/** Where a key goes: a cell by its place among the rows shown, a new row at the end, or the search box. */
export type GridMove = { to: 'cell'; pos: number; col: number } | { to: 'new-row'; col: number } | { to: 'search' } | null;

/**
 * The items table's keyboard, spreadsheet-like: Enter / ArrowDown — same column, next row (Enter
 * on the last row adds one); ArrowUp / Shift+Enter — previous row; ArrowLeft/ArrowRight at the start/end of the
 * text — the neighbouring cell; PageDown/PageUp — `page` rows on; Ctrl+Home/Ctrl+End — the first /
 * last row; Ctrl+F — the search box (the browser's find sees only the rows on screen). Positions
 * count the rows shown (a filtered table skips the others); null leaves the key to the browser.
 */
export function gridMove(k: GridKey, pos: number, col: number, count: number, page: number): GridMove {
  if (k.ctrl && !k.alt && !k.shift && k.code === 'KeyF') return { to: 'search' };
  const cell = (to: number): GridMove => ({ to: 'cell', pos: Math.max(0, Math.min(count - 1, to)), col });
  if (k.shift && !k.ctrl && !k.alt && k.key === 'Enter') return pos > 0 ? cell(pos - 1) : null;
  if (k.alt || k.shift) return null;
  if (k.ctrl) {
    if (k.key === 'Home') return cell(0);
    if (k.key === 'End') return cell(count - 1);
    return null;
  }
  switch (k.key) {
    case 'Enter':
      return pos + 1 < count ? cell(pos + 1) : { to: 'new-row', col };
    case 'ArrowDown':
      return pos + 1 < count ? cell(pos + 1) : null;
    case 'ArrowUp':
      return pos > 0 ? cell(pos - 1) : null;
    case 'PageDown':
      return pos + 1 < count ? cell(pos + page) : null;
    case 'PageUp':
      return pos > 0 ? cell(pos - page) : null;
    case 'ArrowLeft':
      return k.atStart && col > 0 ? { to: 'cell', pos, col: col - 1 } : null;
    case 'ArrowRight':
      return k.atEnd && col + 1 < COLUMNS.length ? { to: 'cell', pos, col: col + 1 } : null;
    default:
      return null;
  }
}
