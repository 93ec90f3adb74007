import type { ExportWarning } from './export.contract';
import type { HeaderChange } from './header-guard';
import { CHECK_WARNING, REPORT_WARNING } from './messages';
import { columnLetter } from './normalize';

/** The Russian text of a report warning, as the history and the toast show it. */
export function warningText(warning: ExportWarning): string {
  switch (warning.kind) {
    case 'tableNotExtended':
      return REPORT_WARNING.tableNotExtended(warning.table);
    case 'mergeOverData':
      return REPORT_WARNING.mergeOverData(warning.ref);
    case 'headerChanged':
      return headerChangeText(warning);
  }
}

/** `Колонка F шаблона теперь «…», правило составлено для «…»`, and where the header went, if known. */
export function headerChangeText(change: HeaderChange): string {
  const text = CHECK_WARNING.headerChanged(columnLetter(change.column), change.file, change.now, change.expected);
  return change.movedTo === undefined ? text : `${text}. ${CHECK_WARNING.headerMoved(columnLetter(change.movedTo))}`;
}
