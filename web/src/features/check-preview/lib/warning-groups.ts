import { CHECK_UI, CHECK_WARNINGS_PER_CODE, CHECK_WARNING_CODES } from '@app/contracts';
import type { CheckResponse, CheckWarning, CheckWarningCode } from '@app/contracts';

export interface WarningGroup {
  code: CheckWarningCode;
  label: string;
  /** The whole task's count (`warningCounts`), which the list of messages may fall short of. */
  count: number;
  /** The messages listed: at most CHECK_WARNINGS_PER_CODE (the API sends no more of one code). */
  warnings: CheckWarning[];
  /** `…и ещё N` under the list when the count exceeds what it lists; null when all are listed. */
  more: string | null;
}

/** The check's warnings by kind, in the order of DESIGN §11, each with its count; empty kinds left out. */
export function groupWarnings(check: Pick<CheckResponse, 'warnings' | 'warningCounts'>): WarningGroup[] {
  const byCode = new Map<string, CheckWarning[]>();
  for (const w of check.warnings) {
    const list = byCode.get(w.code);
    if (list) list.push(w);
    else byCode.set(w.code, [w]);
  }
  const known: readonly string[] = CHECK_WARNING_CODES;
  const unknown = [...byCode.keys(), ...Object.keys(check.warningCounts ?? {})].filter((c) => !known.includes(c));
  const codes = [...CHECK_WARNING_CODES, ...new Set(unknown)] as CheckWarningCode[];
  return codes
    .map((code) => {
      const sent = byCode.get(code) ?? [];
      const count = Math.max(check.warningCounts?.[code] ?? 0, sent.length);
      const warnings = sent.slice(0, CHECK_WARNINGS_PER_CODE);
      const more = count > warnings.length ? CHECK_UI.more(count - warnings.length) : null;
      return { code, label: CHECK_UI.warningGroups[code] ?? code, count, warnings, more };
    })
    .filter((g) => g.count > 0);
}

/** `item:column` of a warned cell; `item:` for a warning about the item as a whole. */
export const cellKey = (item: number, column?: number) => (column === undefined ? `${item}:` : `${item}:${column}`);

/** The file's own column (not the template's) is what these warnings name: they mark the item, not a cell. */
const FILE_COLUMN_CODES: ReadonlySet<string> = new Set<CheckWarningCode>(['header-changed', 'damaged-code']);

/** Warned cells and items (see cellKey) → their messages, for the preview's marks. */
export function cellWarnings(warnings: readonly CheckWarning[]): Map<string, string[]> {
  const cells = new Map<string, string[]>();
  for (const w of warnings) {
    if (w.item === undefined) continue;
    const key = cellKey(w.item, FILE_COLUMN_CODES.has(w.code) ? undefined : w.column);
    const list = cells.get(key);
    if (list) list.push(w.message);
    else cells.set(key, [w.message]);
  }
  return cells;
}
