/** The check's and the history's texts: written values, how a row was found, the changes since the last export. */
import { CHECK_UI, columnLetter } from '@app/contracts';
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

/** Lists longer than this are cut, with `…и ещё N`. */
const LIST_MAX = 30;

function list(values: readonly (string | number)[]): string {
  const shown = values.slice(0, LIST_MAX).join(', ');
  return values.length > LIST_MAX ? `${shown} ${CHECK_UI.more(values.length - LIST_MAX)}` : shown;
}

/**
 * «Changes since the last export» as lines: the added, removed and lost items one line each
 * (`Добавлены позиции: 4, 5`), every changed value its own (`Позиция 3, колонка F: 30 → 32`).
 */
export function changeLines(changes: ExportChanges): ChangeLine[] {
  const lines: ChangeLine[] = [];
  if (changes.added.length > 0) lines.push({ key: 'added', kind: 'added', text: CHECK_UI.added(list(changes.added.map(itemNumber))) });
  if (changes.removed.length > 0) lines.push({ key: 'removed', kind: 'removed', text: CHECK_UI.removed(list(changes.removed)) });
  for (const c of changes.changed) {
    lines.push({
      key: `changed:${c.item}:${c.column}`,
      kind: 'changed',
      item: c.item,
      text: CHECK_UI.changed(itemNumber(c.item), columnLetter(c.column), formatValue(c.from), formatValue(c.to)),
    });
  }
  if (changes.lost.length > 0) lines.push({ key: 'lost', kind: 'lost', text: CHECK_UI.lost(list(changes.lost.map(itemNumber))) });
  return lines;
}

/** The compact line of the history: `+2 −1, изменено 3, не найдено теперь 1`. */
export function changesSummary(changes: ExportChanges): string {
  return CHECK_UI.changesSummary(changes.added.length, changes.removed.length, changes.changed.length, changes.lost.length);
}
