/**
 * DESIGN §10 «guard»: the headers a profile remembers compared with a file's columns. Pure and
 * shared: the API judges an upload with it, the engine a generate and a check.
 */
import { findHeader, sameHeaderText, type HeaderColumn } from './header-matcher';
import type { ProfileHeaders } from './profile.contract';
import type { FileKind, Mapping, Task } from './task.contract';

/** A remembered column whose header is no longer what the rule was made for. */
export interface HeaderChange {
  file: FileKind;
  /** The remembered column (1 = A). */
  column: number;
  /** The header there now; '' when the column has none. */
  now: string;
  /** The header the rule was made for. */
  expected: string;
  /** The one other column where the remembered header now is: `Исправить` re-points the rule there. */
  movedTo?: number;
}

/**
 * The changes at the columns `remembered` names (`{"6": "Цена с НДС"}`). A header counts as the same
 * only when its text is (sameHeaderText: `Цена, руб.` for `Цена руб` is no change); a synonym is a
 * change — `Цена без НДС` where the rule was made for `Цена закупки` may be another price. Nothing is
 * said when the file has no header row at all (columns empty): there is nothing to compare.
 */
export function headerChanges(file: FileKind, remembered: Readonly<Record<string, string>>, columns: readonly HeaderColumn[]): HeaderChange[] {
  if (!columns.some((c) => c.header !== '')) return [];
  const byIndex = new Map(columns.map((c) => [c.index, c.header]));
  const out: HeaderChange[] = [];
  for (const [key, expected] of Object.entries(remembered)) {
    const column = Number(key);
    if (!expected) continue;
    const now = byIndex.get(column) ?? '';
    if (now !== '' && (now === expected || sameHeaderText(now, expected))) continue;
    const change: HeaderChange = { file, column, now, expected };
    const moved = exactOrMatching(expected, columns.filter((c) => c.index !== column));
    if (moved !== undefined) change.movedTo = moved;
    out.push(change);
  }
  return out.sort((a, b) => a.column - b.column);
}

/** The one column with the very header, else the one whose header matches it. */
function exactOrMatching(expected: string, columns: readonly HeaderColumn[]): number | undefined {
  const exact = columns.filter((c) => c.header === expected);
  if (exact.length > 0) return exact.length === 1 ? exact[0].index : undefined;
  return findHeader(expected, columns);
}

/** `POST /api/tasks/{id}/upload/{kind}`: the task, and what the guard found in the new file. */
export interface UploadResponse extends Task {
  headerChanges: HeaderChange[];
}

/** `GET /api/tasks/{id}/header-changes`: the guard on both of the task's files, as they are now. */
export interface HeaderChangesResponse {
  changes: HeaderChange[];
}

/** `POST /api/tasks/{id}/header-changes/fix` (`Исправить`): the rule at `from` now reads `to`. */
export interface FixHeaderRequest {
  file: FileKind;
  from: number;
  to: number;
}

/** Columns of one file that move together: old column → new column. */
export interface ColumnMoves {
  file: FileKind;
  moves: ReadonlyMap<number, number>;
}

/**
 * Every moved header of the file at once, as `Исправить` applies them: a column inserted before
 * F shifts F→G and G→H together, and re-pointing one at a time would put two rules on G. The moves
 * are refused when a destination is taken by a rule that does not move itself (`conflict`).
 */
export function fixMoves(changes: readonly HeaderChange[], fix: FixHeaderRequest, mapping: Mapping): ColumnMoves | { conflict: number } | null {
  const own = changes.filter((c) => c.file === fix.file && c.movedTo !== undefined);
  if (!own.some((c) => c.column === fix.from && c.movedTo === fix.to)) return null;
  const moves = new Map(own.map((c) => [c.column, c.movedTo!]));
  const used = fix.file === 'template' ? templateColumnsOf(mapping) : priceColumnsOf(mapping);
  for (const to of moves.values()) if (used.has(to) && !moves.has(to)) return { conflict: to };
  return { file: fix.file, moves };
}

function templateColumnsOf(m: Mapping): Set<number> {
  return new Set([...Object.values(m.manualMapping), ...Object.values(m.priceToTemplate)].filter((c) => c > 0));
}

function priceColumnsOf(m: Mapping): Set<number> {
  return new Set([...Object.keys(m.priceToTemplate).map(Number), m.priceKeys.ma, m.priceKeys.gm].filter((c) => c > 0));
}

/**
 * The rules with the file's columns moved: template targets (typed fields and price pairs) for the
 * template, price sources and key columns for the price list.
 */
export function repointMapping(mapping: Mapping, { file, moves }: ColumnMoves): Mapping {
  const move = (c: number) => moves.get(c) ?? c;
  if (file === 'template') {
    const manual = { ...mapping.manualMapping };
    for (const f of Object.keys(manual) as (keyof Mapping['manualMapping'])[]) manual[f] = move(manual[f]);
    const pairs: Mapping['priceToTemplate'] = {};
    for (const [p, t] of Object.entries(mapping.priceToTemplate)) pairs[p] = move(t);
    return { ...mapping, manualMapping: manual, priceToTemplate: pairs };
  }
  const pairs: Mapping['priceToTemplate'] = {};
  for (const [p, t] of Object.entries(mapping.priceToTemplate)) pairs[String(move(Number(p)))] = t;
  return { ...mapping, priceToTemplate: pairs, priceKeys: { ma: move(mapping.priceKeys.ma), gm: move(mapping.priceKeys.gm) } };
}

/** The remembered headers after the same moves: each header now belongs to its new column. */
export function repointHeaders(headers: ProfileHeaders, { file, moves }: ColumnMoves): ProfileHeaders {
  const own: Record<string, string> = {};
  for (const [column, text] of Object.entries(headers[file])) own[String(moves.get(Number(column)) ?? Number(column))] = text;
  return { ...headers, [file]: own };
}
