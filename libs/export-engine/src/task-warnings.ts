import type { CheckWarning, CheckWarningCode, ExportWarning, FileColumns, FileKind, HeaderChange } from '@app/contracts';
import { checkWarnings } from './check-warnings';
import { readValidations } from './data-validation';
import type { EngineInput, TemplateInput } from './export-inputs';
import type { PriceMatches } from './price-reader';
import { readCellFormats } from './styles-reader';
import { columnsOrNone, guardHeaders } from './template-guard';
import type { OutRow } from './template-writer';
import { resolveValidationLists } from './validation-lists';
import type { ZipSource } from './zip-source';

export interface TaskWarnings {
  warnings: CheckWarning[];
  warningCounts: Partial<Record<CheckWarningCode, number>>;
  /** Every item with a warning, in order (checkWarnings). */
  warnedItems: number[];
  /** The template's header texts by column, for the check's column names. */
  templateHeaders: Map<number, string>;
  /** The guard's changes (DESIGN §10), for generate's report. */
  headerChanges: HeaderChange[];
}

/**
 * The files' columns, read alongside an export: the template's always (names, barcode columns,
 * guard; it is small), the price list's only for a guard that remembers price headers (it is a
 * pass over the whole price sheet).
 */
export function readBothColumns(input: Pick<EngineInput, 'price' | 'template' | 'remembered'>): Record<FileKind, Promise<FileColumns>> {
  const guardsPrice = Object.keys(input.remembered?.price ?? {}).length > 0;
  const price = guardsPrice ? columnsOrNone(input.price, 'price') : Promise.resolve<FileColumns>({ kind: 'price', sheet: '', headerRow: 0, columns: [] });
  const columns = { template: columnsOrNone(input.template, 'template'), price };
  // Awaited later, after the export's own reads: a rejection must not go unhandled meanwhile.
  for (const p of Object.values(columns)) p.catch(() => undefined);
  return columns;
}

/** Where the rows go in the template: planLayout's first row and its warnings. */
export interface TaskLayout {
  start: number;
  warnings: readonly ExportWarning[];
}

/**
 * DESIGN §11's warnings of the whole task, for a check and for a generate alike (so the toast of
 * `Сформировать` counts what `Проверить` lists). The price side must have been read in check mode.
 * `perCode`: how many of each code to list (checkWarnings); a generate lists none, it counts.
 */
export async function taskWarnings(
  input: EngineInput,
  template: ZipSource,
  tpl: TemplateInput,
  matched: PriceMatches,
  rows: readonly OutRow[],
  layout: TaskLayout,
  columns: Record<FileKind, Promise<FileColumns>>,
  perCode?: number,
): Promise<TaskWarnings> {
  const resolveList = await resolveValidationLists(template, tpl.tplParts, tpl.sheetXml, readCellFormats(tpl.stylesXml));
  const templateHeaders = headersOf(await columns.template);
  const headerChanges = await guardHeaders(input, (kind) => columns[kind]);
  const { warnings, warningCounts, warnedItems } = checkWarnings({
    items: input.items,
    mapping: input.mapping,
    rows,
    matched: { ...matched, check: matched.check! },
    firstRow: layout.start,
    validations: readValidations(tpl.sheetXml, resolveList),
    templateHeaders,
    headerChanges,
    layoutWarnings: layout.warnings,
  }, perCode);
  return { warnings, warningCounts, warnedItems, templateHeaders, headerChanges };
}

function headersOf(columns: FileColumns): Map<number, string> {
  return new Map(columns.columns.map((c) => [c.index, c.header]));
}
