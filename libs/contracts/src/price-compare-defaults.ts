/**
 * DESIGN §16: the columns a price list compares its versions by, when staff have not chosen them:
 * what the tasks following the list use — their key columns and the price columns their rules
 * carry over — found in the list by the headers the rules were made against (§10), so a task whose
 * rules were made on another file still points at the right column. Pure: the API and the worker
 * call it with the tasks' rules and the current version's columns.
 */
import { findHeader, headersMatch, normalizeHeader, sameHeaderText, type HeaderColumn } from './header-matcher';
import { COMPARE_COLUMNS_MAX, type CompareSettings } from './price-list.contract';
import type { Mapping } from './task.contract';

/** What one following task tells about the list's columns. */
export interface FollowingTaskRules {
  /** The task's own copy of the rules: the price columns it carries over and its key columns (0 = detected). */
  mapping: Pick<Mapping, 'priceToTemplate' | 'priceKeys'>;
  /** The price headers its profile remembers (`ProfileHeaders.price`), to find a column that is elsewhere in this list. */
  priceHeaders?: Readonly<Record<string, string>>;
  /** The key columns its newest export used (`report.keyColumns`): where the rules detect a key column, the one detected. */
  usedKeyColumns?: { ma: number; gm: number };
}

/**
 * The compare settings the tasks' rules suggest for a list whose current version has `columns`:
 * key columns by vote (the one most tasks use, the leftmost on a tie); value columns, of the
 * columns their rules carry over, those whose header names a price (`Цена`, `Стоимость`, … §10),
 * or all of them when none does. With no task to tell, by the headers alone: a `МА`/`ГМ` code
 * column, else the first article column; every price column. `headers` records each chosen
 * column's header. Null when no key column can be told.
 */
export function defaultCompareSettings(tasks: readonly FollowingTaskRules[], columns: readonly HeaderColumn[]): CompareSettings | null {
  const maVotes = new Map<number, number>();
  const gmVotes = new Map<number, number>();
  const values = new Set<number>();
  for (const task of tasks) {
    const at = (column: number) => locate(column, task.priceHeaders?.[String(column)], columns);
    const ma = task.mapping.priceKeys.ma || task.usedKeyColumns?.ma || 0;
    const gm = task.mapping.priceKeys.gm || task.usedKeyColumns?.gm || 0;
    if (ma > 0) vote(maVotes, at(ma));
    if (gm > 0) vote(gmVotes, at(gm));
    for (const column of Object.keys(task.mapping.priceToTemplate)) if (Number(column) > 0) values.add(at(Number(column)));
  }
  let ma = winner(maVotes);
  let gm = winner(gmVotes);
  if (ma === 0 && gm === 0) {
    ma = byWord(columns, 'ма') ?? 0;
    gm = byWord(columns, 'гм') ?? 0;
    if (ma === 0 && gm === 0) ma = columns.find((c) => headersMatch(c.header, 'Артикул'))?.index ?? 0;
  }
  if (ma === 0 && gm === 0) return null;
  values.delete(ma);
  values.delete(gm);
  // Of what the tasks carry over, the prices (by their header, §10): a delivery date or a stock
  // changes every week and would hold every version. Only when none is a price, all of it.
  const isPrice = (column: number) => headersMatch(headerAt(columns, column), 'Цена');
  let chosen = [...values].filter(isPrice);
  if (chosen.length === 0) chosen = values.size > 0 ? [...values] : columns.map((c) => c.index).filter((c) => c !== ma && c !== gm && isPrice(c));
  const valueColumns = chosen.sort((a, b) => a - b).slice(0, COMPARE_COLUMNS_MAX);
  const headers: Record<string, string> = {};
  for (const column of [ma, gm, ...valueColumns]) {
    const header = headerAt(columns, column);
    if (column > 0 && header) headers[String(column)] = header;
  }
  return { keyColumns: { ma, gm }, valueColumns, headers };
}

/**
 * Where a task's column is in this list: where it says, when the header there is the one its
 * rules were made against (or none is remembered); else the one column holding that header
 * (the very text, else a matching one, §10); else where it says.
 */
function locate(column: number, remembered: string | undefined, columns: readonly HeaderColumn[]): number {
  if (!remembered) return column;
  const here = headerAt(columns, column);
  if (here && sameHeaderText(here, remembered)) return column;
  const exact = columns.filter((c) => c.header === remembered);
  if (exact.length > 0) return exact.length === 1 ? exact[0].index : column;
  return findHeader(remembered, columns) ?? column;
}

function headerAt(columns: readonly HeaderColumn[], column: number): string {
  return columns.find((c) => c.index === column)?.header ?? '';
}

function vote(votes: Map<number, number>, column: number): void {
  votes.set(column, (votes.get(column) ?? 0) + 1);
}

function winner(votes: Map<number, number>): number {
  let best = 0;
  let bestVotes = 0;
  for (const [column, n] of votes) if (n > bestVotes || (n === bestVotes && column < best)) [best, bestVotes] = [column, n];
  return best;
}

/** The leftmost column whose header has `word` as a word of its own: `Код МА`, `ГМ`. */
function byWord(columns: readonly HeaderColumn[], word: string): number | undefined {
  return columns.find((c) => normalizeHeader(c.header).split(' ').includes(word))?.index;
}
