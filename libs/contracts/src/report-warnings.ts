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
 * How many warnings an export's file has, as its toast says: the check's (DESIGN §11), the guard's
 * header changes and what the engine wrote around in the template (`template-layout`) among them,
 * so the toast tells as many as `Проверить` lists. Reports made before the check counted the
 * template's layout have those only in `warnings`: counted from there.
 */
export function exportWarningCount(report: Pick<ExportReport, 'warnings' | 'checkWarnings'>): number {
  const checked = Object.values(report.checkWarnings ?? {}).reduce((sum, n) => sum + (n ?? 0), 0);
  if (report.checkWarnings?.['template-layout'] !== undefined) return checked;
  const layout = (report.warnings ?? []).filter((w) => w.kind !== 'headerChanged').length;
  return layout + checked;
}
