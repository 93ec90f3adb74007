import type { ExportWarning } from './export.contract';
import { REPORT_WARNING } from './messages';

/** The Russian text of a report warning, as the history and the toast show it. */
export function warningText(warning: ExportWarning): string {
  return warning.kind === 'tableNotExtended' ? REPORT_WARNING.tableNotExtended(warning.table) : REPORT_WARNING.mergeOverData(warning.ref);
}
