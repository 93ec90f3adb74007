import { ENGINE_ERR } from '@app/contracts';
import { EngineError, guardFile } from '../package/engine-error';
import { locateParts, type WorkbookParts } from '../package/workbook-locator';
import { isWellFormedStream, isWellFormedXml, requireWellFormed } from '../package/xml-check';
import { openXlsx } from '../package/xlsx-inspector';
import type { ZipSource } from '../package/zip-source';
import { readPivotRanges, readTables, type SheetTable } from './table-reader';
import { checkTemplateCells } from './template-cells';
import { parseTemplateSheet, readTemplateSheetXml, requireSheetFits, type CellRange, type TemplateSheet } from './template-sheet';

/** The template as an export reads it: its parts, its data sheet whole and parsed, its tables. */
export interface TemplateInput {
  tplParts: WorkbookParts;
  sheetXml: string;
  stylesXml: string | undefined;
  sheet: TemplateSheet;
  tables: SheetTable[];
  /** The data sheet's pivot tables' ranges: taken, rows go below them (planLayout). */
  pivots: CellRange[];
  calcChainXml: string | undefined;
}

/**
 * The template's parts as generate and check read them, each checked well-formed (the writer
 * copies them around its rows); the calc chain only when a moved totals row may change it.
 */
export async function readTemplate(template: ZipSource, timings: Record<string, number>): Promise<TemplateInput> {
  const t = performance.now();
  // The parts the writer copies around its rows must be well-formed, or every export is broken too.
  const tplParts = await guardFile('template', () => locateParts(template, 'template', true));
  // The template's cells as Excel would judge them (a file stored before the rule), streamed
  // before the data sheet is read whole: a refused one (a 30 MB cell) is never held.
  await guardFile('template', () => checkTemplateCells(template, tplParts, 'template'));
  const sheetXml = await guardFile('template', () => readTemplateSheetXml(template, tplParts.dataSheet));
  requireWellFormed(isWellFormedXml(sheetXml), tplParts.dataSheet.path, 'template');
  const stylesEntry = tplParts.styles;
  const stylesXml = stylesEntry ? await guardFile('template', () => template.readText(stylesEntry)) : undefined;
  if (stylesEntry && stylesXml !== undefined) requireWellFormed(isWellFormedXml(stylesXml), stylesEntry.fileName, 'template');
  const stringsEntry = tplParts.sharedStrings;
  if (stringsEntry) {
    const wellFormed = await guardFile('template', async () => isWellFormedStream(await template.openXmlStream(stringsEntry)));
    requireWellFormed(wellFormed, stringsEntry.fileName, 'template');
  }
  const sheet = parseTemplateSheet(sheetXml);
  if (!sheet) throw new EngineError('FILE_UNREADABLE', ENGINE_ERR.fileUnreadable, 'template');
  const tables = await guardFile('template', () => readTables(template, tplParts.dataSheet.path, sheetXml));
  const pivots = await guardFile('template', () => readPivotRanges(template, tplParts.dataSheet.path));
  // Only a moved totals row changes it, and only a table with one can move it.
  const chainEntry = tplParts.calcChain;
  const calcChainXml = chainEntry && tables.some((tb) => tb.totalsRows > 0) ? await guardFile('template', () => template.readText(chainEntry)) : undefined;
  timings.templateRead = performance.now() - t;
  return { tplParts, sheetXml, stylesXml, sheet, tables, pivots, calcChainXml };
}

/**
 * The upload check of a template (DESIGN §6, §15): inspectXlsx's, its data sheet found and within
 * the size the writer holds whole, and its cells within Excel's limits (checkTemplateCells), so
 * that staff learn it when they choose the file rather than at `Сформировать`. The sheet size is
 * judged from the zip's directory, before any sheet is read.
 */
export async function inspectTemplate(file: string | Buffer): Promise<void> {
  const zip = await openXlsx(file);
  try {
    const parts = await locateParts(zip);
    requireSheetFits(parts.dataSheet);
    await checkTemplateCells(zip, parts).catch((err: unknown) => {
      throw err instanceof EngineError ? err : new EngineError('FILE_UNREADABLE', ENGINE_ERR.fileUnreadable);
    });
  } finally {
    zip.close();
  }
}
