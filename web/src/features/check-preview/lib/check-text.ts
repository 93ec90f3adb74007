/** The check's and the history's texts: written values, how a row was found, the changes since the last export. */
import { CHECK_UI, columnLetter, hasChanges } from '@app/contracts';
import type { CheckCellValue, CheckRow, ExportChanges } from '@app/contracts';

const number = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 10, useGrouping: false });

/** A written value as the user reads it: `30,5`, `ИСТИНА`, text as it is; a missing one as `пусто`. */
export function formatValue(value: CheckCellValue | null | undefined): string {
  if (value === null || value === undefined || value === '') return CHECK_UI.emptyValue;
  if (typeof value === 'number') return number.format(value);
  if (typeof value === 'boolean') return value ? CHECK_UI.trueValue : CHECK_UI.falseValue;
  return value;
}

/** How a row was found: `по коду МА: точно`, `по коду ГМ: без ведущих нулей, без пробелов`; `Не найдено`. */
export function matchText(row: Pick<CheckRow, 'status' | 'by' | 'via'>): string {
  if (row.status !== 'found' || row.by === null) return CHECK_UI.missing;
  const via = row.via.length > 0 ? row.via : (['exact'] as const);
  return CHECK_UI.found(CHECK_UI.foundBy[row.by], via.map((v) => CHECK_UI.via[v] ?? v).join(', '));
}

/** The user's 1-based number of a 0-based item index, as the items table numbers its rows. */
export const itemNumber = (index: number) => index + 1;

export interface ChangeLine {
  key: string;
  kind: 'added' | 'removed' | 'changed' | 'lost';
  text: string;
  /** The item the line is about, when it is one item of the current list. */
  item?: number;
}

type ChangeCounts = ExportChanges['counts'];

/**
 * How many of each change there are: the lists hold at most CHANGES_LIST_MAX each, `counts` all of
 * them. A history row stored before `counts` existed has whole lists, so their lengths are its counts.
 */
export function changeCounts(changes: ExportChanges): ChangeCounts {
  const c: Partial<ChangeCounts> = changes.counts ?? {};
  const at = (kind: keyof ChangeCounts) => Math.max(c[kind] ?? 0, changes[kind].length);
  return { added: at('added'), removed: at('removed'), changed: at('changed'), lost: at('lost') };
}

/** Whether there is anything to say (see changeCounts for rows without counts). */
export const anyChanges = (changes: ExportChanges) => hasChanges({ ...changes, counts: changeCounts(changes) });

/** Items and codes on one line: at most this many, then `…и ещё N`. */
const LIST_MAX = 30;
/** Changed values, one line each: at most this many, then `…и ещё изменённых значений: N`. */
export const CHANGED_LINES_MAX = 100;

/** `4, 5, … 30 …и ещё N`, N counting what the list left out too (`total`, from counts). */
function list(values: readonly (string | number)[], total: number): string {
  const shown = values.slice(0, LIST_MAX);
  const rest = Math.max(total, values.length) - shown.length;
  if (rest <= 0) return shown.join(', ');
  return shown.length > 0 ? `${shown.join(', ')} ${CHECK_UI.more(rest)}` : CHECK_UI.more(rest);
}

/**
 * «Changes since the last export» as lines: the added, removed and lost items one line each
 * (`Добавлены позиции: 4, 5`), every changed value its own (`Позиция 3, колонка F: 30 → 32`). Each
 * cut list says how many more there are, from the exact counts.
 */
export function changeLines(changes: ExportChanges): ChangeLine[] {
  const counts = changeCounts(changes);
  const lines: ChangeLine[] = [];
  if (counts.added > 0) lines.push({ key: 'added', kind: 'added', text: CHECK_UI.added(list(changes.added.map(itemNumber), counts.added)) });
  if (counts.removed > 0) lines.push({ key: 'removed', kind: 'removed', text: CHECK_UI.removed(list(changes.removed, counts.removed)) });
  const changed = changes.changed.slice(0, CHANGED_LINES_MAX);
  for (const c of changed) {
    lines.push({
      key: `changed:${c.item}:${c.column}`,
      kind: 'changed',
      item: c.item,
      text: CHECK_UI.changed(itemNumber(c.item), columnLetter(c.column), formatValue(c.from), formatValue(c.to)),
    });
  }
  if (counts.changed > changed.length) {
    lines.push({ key: 'changed:more', kind: 'changed', text: CHECK_UI.moreChanged(counts.changed - changed.length) });
  }
  if (counts.lost > 0) lines.push({ key: 'lost', kind: 'lost', text: CHECK_UI.lost(list(changes.lost.map(itemNumber), counts.lost)) });
  return lines;
}

/** The compact line of the history: `+2 −1, изменено 3, не найдено теперь 1`, from the exact counts. */
export function changesSummary(changes: ExportChanges): string {
  const c = changeCounts(changes);
  return CHECK_UI.changesSummary(c.added, c.removed, c.changed, c.lost);
}
