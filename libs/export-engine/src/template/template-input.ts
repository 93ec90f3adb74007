import { ENGINE_ERR } from '@app/contracts';
import { EngineError, guardFile } from '../package/engine-error';
import { locateParts, type WorkbookParts } from '../package/workbook-locator';
import { isWellFormedStream, isWellFormedXml, requireWellFormed } from '../package/xml-check';
import { openXlsx } from '../package/xlsx-inspector';
import type { ZipSource } from '../package/zip-source';
import { readPivotRanges, readTables, type SheetTable } from './table-reader';
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
 * The upload check of a template (DESIGN §6): inspectXlsx's, and its data sheet found and within
 * the size the writer holds whole, so that staff learn it when they choose the file rather than
 * at `Сформировать`. Reads the zip's directory and the workbook part, not the sheet.
 */
export async function inspectTemplate(file: string | Buffer): Promise<void> {
  const zip = await openXlsx(file);
  try {
    requireSheetFits((await locateParts(zip)).dataSheet);
  } finally {
    zip.close();
  }
}
