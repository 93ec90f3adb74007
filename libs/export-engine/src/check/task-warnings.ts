import type { CheckWarning, CheckWarningCode, ExportWarning, FileColumns, FileKind, HeaderChange, Item, Mapping, ProfileHeaders } from '@app/contracts';
import { checkWarnings } from './check-warnings';
import { readValidations } from './data-validation';
import type { PriceMatches } from '../price/price-reader';
import { readCellFormats } from '../package/styles-reader';
import { guardHeaders } from './template-guard';
import type { TemplateInput } from '../template/template-input';
import type { OutRow } from '../template/template-writer';
import { resolveValidationLists } from './validation-lists';
import type { ZipSource } from '../package/zip-source';

/** What the warnings read of the task (an EngineInput): its items, its rules, the headers its profile remembers. */
export interface TaskFacts {
  items: readonly Item[];
  mapping: Mapping;
  remembered?: ProfileHeaders;
}

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
  input: TaskFacts,
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
  const headerChanges = await guardHeaders(input.remembered, (kind) => columns[kind]);
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
