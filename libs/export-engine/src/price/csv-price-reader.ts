import { readFile } from 'node:fs/promises';
import type { Item, Mapping } from '@app/contracts';
import { ENGINE_ERR, ERR } from '@app/contracts';
import { decodeCsv } from '../package/csv-decoder';
import { CsvScanner, detectSeparator } from './csv-scanner';
import { EngineError } from '../package/engine-error';
import { requireInSheet } from '../package/sheet-bounds';
import { readSheetCellsAndMerges } from '../package/sheet-reader';
import { locateParts } from '../package/workbook-locator';
import { itemKeys, newPriceIndex } from './item-locator';
import type { PriceIndex } from './price-index';
import { settleMatches, type PriceMatches } from './price-reader';
import type { RawSheetSink } from '../package/sheet-reader';
import { readCellFormats } from '../package/styles-reader';
import { openXlsx } from '../package/xlsx-inspector';
import type { ZipSource } from '../package/zip-source';

/** A CSV has no styles: every value takes the template's format, else General. */
export const NO_FORMATS = readCellFormats(undefined);

/**
 * The price side of an export from a CSV (DESIGN §6): the same PriceIndex the xlsx sheet feeds,
 * so key columns are detected, rows kept and duplicates counted exactly as for a workbook. The
 * file is held as one string (≤ UPLOAD_MAX_MB, one byte a char); only the rows holding an item's
 * code are kept apart from it.
 */
export async function matchCsvPrice(
  file: string | Buffer,
  items: readonly Item[],
  mapping: Mapping,
  timings: Record<string, number>,
  check = false,
): Promise<PriceMatches> {
  const keys = itemKeys(items);
  const index = await scanCsvPrice(file, () => newPriceIndex(keys, new Map(), mapping, check), timings);
  if (index.cellCount === 0) throw new EngineError('SHEET_EMPTY', ERR.csvNoRows);
  return settleMatches(index, keys, mapping, check, NO_FORMATS, 0, async () => new Map());
}

/** The one pass over a CSV price list into the index `newIndex` makes. */
export async function scanCsvPrice(file: string | Buffer, newIndex: () => PriceIndex, timings: Record<string, number>): Promise<PriceIndex> {
  let t = performance.now();
  const { text } = decodeCsv(typeof file === 'string' ? await readFile(file) : file);
  timings.priceDecode = performance.now() - t;

  t = performance.now();
  const index = newIndex();
  new CsvScanner(index).scan(text, detectSeparator(text));
  timings.priceSheet = performance.now() - t;
  return index;
}

/**
 * The price list as generateExport reads it, decided by content and never by name (the worker
 * saves every price list as `price.xlsx`): an open workbook, or undefined for a CSV.
 */
export async function openPriceList(file: string | Buffer): Promise<ZipSource | undefined> {
  try {
    return await openXlsx(file, undefined, 'price');
  } catch (err) {
    if (err instanceof EngineError && err.code === 'FILE_TEXT') return undefined;
    throw err;
  }
}

export type PriceListFormat = 'xlsx' | 'csv';

/**
 * Upload check for the price card (DESIGN §6, §15): a workbook as for the template, whose used
 * sheet holds nothing past XFD1048576, or a text file that reads as a CSV table — a header of two
 * columns or more and at least one row below it.
 */
export async function inspectPriceList(file: string | Buffer): Promise<PriceListFormat> {
  let zip: ZipSource | undefined;
  try {
    zip = await openXlsx(file);
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    if (err.code === 'FILE_NOT_ZIP') throw new EngineError('FILE_NOT_ZIP', ERR.priceNotTable);
    if (err.code !== 'FILE_TEXT') throw err;
  }
  if (zip) {
    try {
      await checkUsedSheet(zip);
    } finally {
      zip.close();
    }
    return 'xlsx';
  }
  const { text } = decodeCsv(typeof file === 'string' ? await readFile(file) : file);
  const table = new TableCheck();
  new CsvScanner(table).scan(text, detectSeparator(text));
  if (!table.hasRows) throw new EngineError('SHEET_EMPTY', ERR.csvNoRows);
  return 'csv';
}

/**
 * The sheet an export reads, in one streamed pass with nothing kept: its cells, rows, `<dimension>`
 * and merges within the sheet (the scanner refuses the rest), its data readable.
 */
async function checkUsedSheet(zip: ZipSource): Promise<void> {
  const parts = await locateParts(zip);
  try {
    await readSheetCellsAndMerges(await zip.openXmlStream(parts.dataSheet.entry), { cell: () => undefined, rowEnd: () => undefined }, (ref) => requireInSheet(ref));
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw new EngineError('FILE_UNREADABLE', ENGINE_ERR.fileUnreadable);
  }
}

/** Sees a header (a record with two or more fields) and a record with something below it. */
class TableCheck implements RawSheetSink {
  hasRows = false;
  private header = false;
  private cells = 0;

  cell(): boolean {
    this.cells++;
    return this.hasRows;
  }

  rowEnd(): void {
    if (this.header && this.cells > 0) this.hasRows = true;
    if (this.cells >= 2) this.header = true;
    this.cells = 0;
  }
}
