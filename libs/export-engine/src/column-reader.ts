import { readFile } from 'node:fs/promises';
import { ENGINE_ERR, type FileColumns, type FileKind } from '@app/contracts';
import { SharedPriceMiss, guardsPriceHeaders, type EngineInput } from './export-inputs';
import { readCsvGrid, readXlsxGrid } from './check/column-grid-reader';
import { decodeCsv } from './package/csv-decoder';
import { openPriceList } from './price/csv-price-reader';
import { EngineError, guardFile } from './package/engine-error';
import { buildColumns, detectHeaderRow, HEADER_SCAN_ROWS, type SheetGrid } from './check/header-detector';
import { readCellFormats } from './package/styles-reader';
import { dataAreaStart } from './template/fill-layout';
import { readTables } from './template/table-reader';
import { parseTemplateSheet, readTemplateSheetXml } from './template/template-sheet';
import { locateParts, type WorkbookParts } from './package/workbook-locator';
import { openXlsx } from './package/xlsx-inspector';
import type { ZipSource } from './package/zip-source';

/** Rows read below a template's header for its samples. */
const TEMPLATE_SAMPLE_ROWS = 30;

/**
 * DESIGN §10: the used sheet of a price list (the one the export reads) or of a template (its data
 * sheet), the header row found in it, and each column's header and first values. Only the first
 * rows are read as cells; a template's sheet is parsed whole, as an export parses it, to find where
 * its data area starts (§5.4).
 */
export async function readColumns(file: string | Buffer, kind: FileKind): Promise<FileColumns> {
  return guardFile(kind, () => (kind === 'price' ? priceColumns(file) : templateColumns(file)));
}

/**
 * The files' columns, read alongside an export: the template's always (names, barcode columns,
 * guard; it is small), the price list's only for a guard that remembers price headers (it is a
 * pass over the whole price sheet).
 */
export function readBothColumns(input: Pick<EngineInput, 'price' | 'template' | 'remembered' | 'sharedPrice'>): Record<FileKind, Promise<FileColumns>> {
  const shared = input.sharedPrice?.priceColumns;
  const none = Promise.resolve<FileColumns>({ kind: 'price', sheet: '', headerRow: 0, columns: [] });
  const file = input.price;
  const guards = guardsPriceHeaders(input);
  if (guards && !shared && file === null) throw new SharedPriceMiss();
  const price = guards ? (shared ? Promise.resolve(shared) : columnsOrNone(file!, 'price')) : none;
  const columns = { template: columnsOrNone(input.template, 'template'), price };
  // Awaited later, after the export's own reads: a rejection must not go unhandled meanwhile.
  for (const p of Object.values(columns)) p.catch(() => undefined);
  return columns;
}

/**
 * A file's columns, or none when they cannot be read: as for an upload, a guard that cannot run
 * costs its warnings, never the export (a file the export cannot read fails it on its own).
 */
export async function columnsOrNone(file: string | Buffer, kind: FileKind): Promise<FileColumns> {
  try {
    return await readColumns(file, kind);
  } catch {
    return { kind, sheet: '', headerRow: 0, columns: [] };
  }
}

/** A price list opened as the export opens it (a workbook or a CSV's text), its first rows read and its header row found. */
export type PriceHead = { grid: SheetGrid; headerRow: number } & ({ zip: ZipSource; parts: WorkbookParts } | { zip?: undefined; text: string });

/** Opens the price list and finds its header (DESIGN §10); the caller closes `zip`. */
export async function openPriceHead(file: string | Buffer): Promise<PriceHead> {
  const zip = await openPriceList(file);
  if (!zip) {
    const { text } = decodeCsv(typeof file === 'string' ? await readFile(file) : file);
    const grid = readCsvGrid(text, HEADER_SCAN_ROWS);
    return { text, grid, headerRow: detectHeaderRow(grid) };
  }
  try {
    const parts = await locateParts(zip, 'price');
    const formats = readCellFormats(parts.styles ? await zip.readText(parts.styles) : undefined);
    const grid = await readXlsxGrid(zip, parts, formats, HEADER_SCAN_ROWS);
    return { zip, parts, grid, headerRow: detectHeaderRow(grid) };
  } catch (err) {
    zip.close();
    throw err;
  }
}

async function priceColumns(file: string | Buffer): Promise<FileColumns> {
  const head = await openPriceHead(file);
  head.zip?.close();
  return { kind: 'price', sheet: head.zip ? head.parts.dataSheet.name : '', headerRow: head.headerRow, columns: buildColumns(head.grid, head.headerRow) };
}

async function templateColumns(file: string | Buffer): Promise<FileColumns> {
  const zip: ZipSource = await openXlsx(file, undefined, 'template');
  try {
    const parts = await locateParts(zip, 'template');
    const xml = await readTemplateSheetXml(zip, parts.dataSheet);
    const sheet = parseTemplateSheet(xml);
    if (!sheet) throw new EngineError('FILE_UNREADABLE', ENGINE_ERR.fileUnreadable, 'template');
    // A table's totals row holds values below the header: the layout's own data area decides.
    const headerRow = dataAreaStart(sheet, await readTables(zip, parts.dataSheet.path, xml)) - 1;
    const formats = readCellFormats(parts.styles ? await zip.readText(parts.styles) : undefined);
    const grid = await readXlsxGrid(zip, parts, formats, headerRow + TEMPLATE_SAMPLE_ROWS, sheet.merges);
    return { kind: 'template', sheet: parts.dataSheet.name, headerRow, columns: buildColumns(grid, headerRow) };
  } finally {
    zip.close();
  }
}
