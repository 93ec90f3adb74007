import { findHeader, headersMatch, sameHeaderText, type CompareSettings, type DiffHeaderChange, type HeaderColumn } from '@app/contracts';
import type { TableColumns } from '../price/version-table';

/** A compared value column: its number in the older version, its header, and where each version has it (0: not there). */
export interface PlannedColumn {
  column: number;
  header: string;
  before: number;
  after: number;
}

/** Which columns of each version a diff reads, and what moved or went between them. */
export interface ComparePlan {
  before: TableColumns;
  after: TableColumns;
  values: PlannedColumn[];
  headerChanges: DiffHeaderChange[];
  /** The settings re-pointed to the newer version: what the next comparison starts from once it is accepted. */
  settings: CompareSettings;
}

type Found = { column: number; status: 'same' | 'renamed' | 'moved' | 'missing' };

/**
 * DESIGN §16: the settings' columns found in both versions by their headers (§10). In the older
 * version a column is where its remembered header now is (`settings.headers`, when it moved
 * there earlier); in the newer one, where the older version's column's header is — the same
 * text at the same place, else the one other column with that text (moved), else a header of
 * the same kind at the same place (renamed, still compared), else the one other column whose
 * header matches (moved), else nowhere (missing: not compared, and the guard says so).
 */
export function planComparison(settings: CompareSettings, beforeColumns: readonly HeaderColumn[], afterColumns: readonly HeaderColumn[]): ComparePlan {
  const headerChanges: DiffHeaderChange[] = [];
  const remembered = (c: number) => settings.headers?.[String(c)] ?? '';
  const plan = (c: number) => {
    if (c <= 0) return { column: 0, header: '', before: 0, after: 0, afterHeader: '' };
    const before = find(c, remembered(c), beforeColumns);
    const beforeAt = before.status === 'moved' ? before.column : c;
    const expected = remembered(c) || headerAt(beforeColumns, beforeAt);
    const after = find(beforeAt, expected, afterColumns);
    const now = headerAt(afterColumns, beforeAt);
    if (after.status !== 'same') {
      const change: DiffHeaderChange = { column: beforeAt, was: expected, now, missing: after.status === 'missing' };
      if (after.status === 'moved') change.movedTo = after.column;
      headerChanges.push(change);
    }
    const afterAt = after.status === 'missing' ? 0 : after.column;
    return { column: beforeAt, header: expected || now, before: beforeAt, after: afterAt, afterHeader: afterAt ? headerAt(afterColumns, afterAt) : '' };
  };
  const ma = plan(settings.keyColumns.ma);
  const gm = plan(settings.keyColumns.gm);
  const values = settings.valueColumns.map(plan);
  const keyed = [ma, gm, ...values];

  // Re-pointed: a key column that is gone stays where it was (the list has no other); a value
  // column that is gone is left out, and two that now meet are one.
  const headers: Record<string, string> = {};
  const repointed = (p: (typeof keyed)[number]) => p.after || p.before;
  const kept = [...new Set(values.filter((v) => v.after > 0).map((v) => v.after))];
  for (const p of keyed) if (p.column > 0 && (p.after > 0 || p === ma || p === gm) && (p.afterHeader || p.header)) headers[String(repointed(p))] ??= p.afterHeader || p.header;
  return {
    before: { ma: ma.before, gm: gm.before, values: values.map((v) => v.before) },
    after: { ma: ma.after, gm: gm.after, values: values.map((v) => v.after) },
    values: values.map(({ column, header, before, after }) => ({ column, header, before, after })),
    headerChanges: headerChanges.sort((a, b) => a.column - b.column),
    settings: { keyColumns: { ma: repointed(ma), gm: repointed(gm) }, valueColumns: kept, headers },
  };
}

function headerAt(columns: readonly HeaderColumn[], column: number): string {
  return columns.find((c) => c.index === column)?.header ?? '';
}

/** Where `expected` is in a version, looking first at `column` (see planComparison). */
function find(column: number, expected: string, columns: readonly HeaderColumn[]): Found {
  // A file without a header row says nothing of its columns: they are taken where they are.
  if (!expected || !columns.some((c) => c.header !== '')) return { column, status: 'same' };
  const here = headerAt(columns, column);
  if (here && (here === expected || sameHeaderText(here, expected))) return { column, status: 'same' };
  const others = columns.filter((c) => c.index !== column && c.header !== '');
  const exact = others.filter((c) => c.header === expected || sameHeaderText(c.header, expected));
  if (exact.length === 1) return { column: exact[0].index, status: 'moved' };
  if (here && headersMatch(here, expected)) return { column, status: 'renamed' };
  if (exact.length === 0) {
    const similar = findHeader(expected, others);
    if (similar !== undefined) return { column: similar, status: 'moved' };
  }
  return { column, status: 'missing' };
}
