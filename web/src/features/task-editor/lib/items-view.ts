import type { CheckMarks } from './items-store';
import type { ItemRow } from './item-rows';

/** `Показать: все · не найденные · с предупреждениями` (after a check). */
export const ITEM_FILTERS = ['all', 'missing', 'warned'] as const;
export type ItemFilter = (typeof ITEM_FILTERS)[number];

export interface ViewQuery {
  text: string;
  filter: ItemFilter;
}

/**
 * The rows a search or filter shows, decided when it is set: the keys that matched then, and the
 * newest key then. Rows edited afterwards stay (a row does not vanish while it is typed into), and
 * rows added afterwards are shown (a row added or pasted in a filtered table is where it is seen).
 */
export interface ViewSelection {
  keys: ReadonlySet<number>;
  newestKey: number;
}

/** Lower case, ё as е, runs of spaces as one: how a search compares texts. */
export function searchText(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

/** Whether the row's code MA, code GM or name holds the (searchText-normalised) needle. */
export function rowMatches(row: ItemRow, needle: string): boolean {
  return needle === '' || searchText(row.ma).includes(needle) || searchText(row.gm).includes(needle) || searchText(row.name).includes(needle);
}

/** The selection of a query over the rows as they are; null when it shows every row. */
export function selectRows(rows: readonly ItemRow[], marks: CheckMarks, query: ViewQuery): ViewSelection | null {
  const needle = searchText(query.text);
  const filter = query.filter === 'all' || !marks.checked ? null : query.filter === 'missing' ? marks.missing : marks.warned;
  if (needle === '' && !filter) return null;
  const keys = new Set<number>();
  let newestKey = 0;
  for (const row of rows) {
    newestKey = Math.max(newestKey, row.key);
    if ((!filter || filter.has(row.key)) && rowMatches(row, needle)) keys.add(row.key);
  }
  return { keys, newestKey };
}

/** The indexes of the rows a selection shows now, in order; null for every row. */
export function shownRows(rows: readonly ItemRow[], selection: ViewSelection | null): number[] | null {
  if (!selection) return null;
  const shown: number[] = [];
  rows.forEach((row, i) => {
    if (selection.keys.has(row.key) || row.key > selection.newestKey) shown.push(i);
  });
  return shown;
}

export interface FilterCounts extends Record<ItemFilter, number> {
  /** The rows marked not found now (those edited since the check are not). */
  missingMarked: number;
}

/** How many of the rows are in each filter (the check's findings, edited rows included). */
export function filterCounts(rows: readonly ItemRow[], marks: CheckMarks): FilterCounts {
  let missing = 0;
  let warned = 0;
  let missingMarked = 0;
  for (const row of rows) {
    if (marks.missing.has(row.key)) {
      missing++;
      if (!marks.edited.has(row.key)) missingMarked++;
    }
    if (marks.warned.has(row.key)) warned++;
  }
  return { all: rows.length, missing, warned, missingMarked };
}
