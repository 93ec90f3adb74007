/**
 * DESIGN §10 «guard»: the headers a profile remembers compared with a file's columns. Pure and
 * shared: the API judges an upload with it, the engine a generate and a check.
 */
import { findHeader, headersMatch, type HeaderColumn } from './header-matcher';
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
 * when the two texts match (headersMatch), so `Цена, руб.` for `Цена руб` is no change. Nothing is
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
    if (now !== '' && (now === expected || headersMatch(now, expected))) continue;
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

/**
 * The rules with column `from` of `file` re-pointed to `to`: template targets (typed fields and
 * price pairs) for the template, price sources and key columns for the price list.
 */
export function repointMapping(mapping: Mapping, { file, from, to }: FixHeaderRequest): Mapping {
  const move = (c: number) => (c === from ? to : c);
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

/** The remembered headers after the same re-pointing: the header now belongs to column `to`. */
export function repointHeaders(headers: ProfileHeaders, { file, from, to }: FixHeaderRequest): ProfileHeaders {
  const own = { ...headers[file] };
  const text = own[String(from)];
  delete own[String(from)];
  if (text !== undefined) own[String(to)] = text;
  return { ...headers, [file]: own };
}
