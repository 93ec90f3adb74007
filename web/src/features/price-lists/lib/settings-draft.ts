import { defaultCompareSettings } from '@app/contracts';
import type { CompareSettings, FileColumn, GuardThresholds, OnNewVersion, PatchPriceListRequest, PriceList } from '@app/contracts';

export type GuardField = keyof GuardThresholds;
export const GUARD_FIELDS: readonly GuardField[] = ['maxRowDropPct', 'maxChangedPct', 'maxJumpPct'];

/** A list's own settings as its form holds them: thresholds as typed, compared columns as chosen. */
export interface SettingsDraft {
  onNewVersion: OnNewVersion;
  deliver: boolean;
  guard: Record<GuardField, string>;
  /** False: compare by what the following tasks' rules use (`compare: null`). */
  ownColumns: boolean;
  ma: number;
  gm: number;
  /** Value columns in the order shown; 0 is a row added but not chosen yet. */
  values: number[];
  /** The header each column was chosen by, as saved (kept for a column the current version lacks). */
  headers: Record<string, string>;
}

export function settingsDraftOf(list: PriceList): SettingsDraft {
  const guard = list.guard;
  const compare = list.compare;
  return {
    onNewVersion: list.onNewVersion ?? 'none',
    deliver: list.deliver === true,
    guard: { maxRowDropPct: String(guard.maxRowDropPct), maxChangedPct: String(guard.maxChangedPct), maxJumpPct: String(guard.maxJumpPct) },
    ownColumns: compare !== null && compare !== undefined,
    ma: compare?.keyColumns.ma ?? 0,
    gm: compare?.keyColumns.gm ?? 0,
    values: compare ? [...compare.valueColumns] : [],
    headers: { ...(compare?.headers ?? {}) },
  };
}

/**
 * Columns to start from when staff choose their own: what the headers of the current version
 * suggest (a code column, every price column), or one empty row when nothing can be told.
 */
export function suggestedColumns(draft: SettingsDraft, columns: readonly FileColumn[]): SettingsDraft {
  const suggested = defaultCompareSettings([], columns);
  if (!suggested) return { ...draft, ownColumns: true, values: draft.values.length ? draft.values : [0] };
  return { ...draft, ownColumns: true, ma: suggested.keyColumns.ma, gm: suggested.keyColumns.gm, values: suggested.valueColumns.length ? suggested.valueColumns : [0] };
}


/** The compared columns with the header each stands under now (else the one it was chosen by). */
function compareOf(draft: SettingsDraft, columns: readonly FileColumn[] | null): CompareSettings {
  const valueColumns = [...new Set(draft.values.filter((c) => c > 0))];
  const headers: Record<string, string> = {};
  for (const column of [draft.ma, draft.gm, ...valueColumns]) {
    if (column <= 0) continue;
    const now = columns?.find((c) => c.index === column)?.header.trim();
    const header = now || draft.headers[String(column)];
    if (header) headers[String(column)] = header;
  }
  return { keyColumns: { ma: draft.ma, gm: draft.gm }, valueColumns, headers };
}

/** The PATCH body of the form (without the list's `version`, which the caller adds). */
export function settingsRequestOf(draft: SettingsDraft, columns: readonly FileColumn[] | null): Omit<PatchPriceListRequest, 'name' | 'version'> {
  // A threshold left empty keeps its value; a fraction goes as typed, for the server to name it.
  const guard: Partial<GuardThresholds> = {};
  for (const field of GUARD_FIELDS) if (draft.guard[field].trim() !== '') guard[field] = Number(draft.guard[field]);
  return { onNewVersion: draft.onNewVersion, deliver: draft.deliver, guard, compare: draft.ownColumns ? compareOf(draft, columns) : null };
}
