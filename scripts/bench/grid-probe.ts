/// <reference lib="dom" />
/**
 * What the task page's measures read inside the page (issue 29). Installed before the app's own
 * scripts (playwright's addInitScript), so every number is in the page's clock, from navigation
 * start, with no round trip to the benchmark in between.
 */
export interface GridProbeState {
  /** When the first item row's inputs had been painted (ms since navigation start). */
  firstRowsMs: number | null;
  /** Per keystroke in a cell of the items table: keydown's timestamp → the end of the next frame. */
  keys: number[];
  /** rAF timestamps while `framesOn` (the scroll measure). */
  frames: number[];
  framesOn: boolean;
}

declare global {
  interface Window {
    __grid: GridProbeState;
  }
}

/**
 * Runs in the page. "The end of the next frame" is a task queued from the next animation frame's
 * callback: it runs once that frame's style, layout and paint are done, so a keystroke's number
 * holds its event handlers, React's render and commit, and the browser's rendering of the result.
 */
export function installGridProbe(): void {
  const state: GridProbeState = { firstRowsMs: null, keys: [], frames: [], framesOn: false };
  window.__grid = state;
  const afterNextFrame = (done: (now: number) => void) => requestAnimationFrame(() => setTimeout(() => done(performance.now()), 0));

  const rows = new MutationObserver(() => {
    if (!document.querySelector('.items-table input[data-row]')) return;
    rows.disconnect();
    afterNextFrame((now) => (state.firstRowsMs = now));
  });
  rows.observe(document, { childList: true, subtree: true });

  window.addEventListener(
    'keydown',
    (e) => {
      if (!(e.target instanceof HTMLInputElement) || !e.target.closest('.items-table')) return;
      const start = e.timeStamp;
      afterNextFrame((now) => state.keys.push(now - start));
    },
    true,
  );

  const frame = (t: number) => {
    if (state.framesOn) state.frames.push(t);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** In the page: scrolls the items table's own scroll box to the bottom; false when there is none. */
export function scrollTableToEnd(): boolean {
  const box = document.querySelector('.items-table')?.closest<HTMLElement>('.table-wrap');
  if (!box) return false;
  box.scrollTop = box.scrollHeight;
  return true;
}

/** In the page: how many elements the document holds (the whole table, or the rows on screen). */
export function elementCount(): number {
  return document.getElementsByTagName('*').length;
}
