import type { ExportReport, ExportWarning } from './export.contract';
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

/**
 * How many warnings an export's file has, as its toast says: the check's (DESIGN §11, the guard's
 * header changes among them) and what the engine wrote around in the template.
 */
export function exportWarningCount(report: Pick<ExportReport, 'warnings' | 'checkWarnings'>): number {
  const layout = (report.warnings ?? []).filter((w) => w.kind !== 'headerChanged').length;
  const checked = Object.values(report.checkWarnings ?? {}).reduce((sum, n) => sum + (n ?? 0), 0);
  return layout + checked;
}
