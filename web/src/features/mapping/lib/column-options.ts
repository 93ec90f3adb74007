import { COLUMNS_UI, LIMITS, columnLetter } from '@app/contracts';
import type { FileColumn, FileKind, ProfileHeaders } from '@app/contracts';

/** `F — Цена с НДС` (a column without a header says so). */
export function columnLabel(column: Pick<FileColumn, 'index' | 'header'>): string {
  return COLUMNS_UI.option(columnLetter(column.index), column.header || COLUMNS_UI.noHeader);
}

const fold = (text: string) => text.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();

/** The columns whose label (`F — Цена с НДС`) or samples hold the typed words, in any order. */
export function filterColumns(columns: readonly FileColumn[], query: string): FileColumn[] {
  const words = fold(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...columns];
  return columns.filter((c) => {
    const text = fold(`${columnLabel(c)} ${c.samples.join(' ')}`);
    return words.every((w) => text.includes(w));
  });
}

/**
 * The headers with `column`'s header of `kind` remembered as the file has it now (a column the
 * file lacks, or one without a header, forgets what was remembered there).
 */
export function rememberHeader(headers: ProfileHeaders, kind: FileKind, column: number, columns: readonly FileColumn[]): ProfileHeaders {
  if (column <= 0) return headers;
  const own = { ...headers[kind] };
  const header = (columns.find((c) => c.index === column)?.header ?? '').trim();
  if (header && header.length <= LIMITS.headerTextMax) own[String(column)] = header;
  else delete own[String(column)];
  return { ...headers, [kind]: own };
}
