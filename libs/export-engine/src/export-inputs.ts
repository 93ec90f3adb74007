import type { Item, Mapping, ProfileHeaders } from '@app/contracts';
import { ENGINE_ERR } from '@app/contracts';
import { matchCsvPrice, openPriceList } from './price/csv-price-reader';
import { EngineError, guardFile } from './package/engine-error';
import { matchPrice, type PriceMatches } from './price/price-reader';
import { readTables, type SheetTable } from './template/table-reader';
import { parseTemplateSheet, readTemplateSheetXml, type TemplateSheet } from './template/template-sheet';
import { locateParts, type WorkbookParts } from './package/workbook-locator';
import { openXlsx } from './package/xlsx-inspector';
import { isWellFormedStream, isWellFormedXml, requireWellFormed } from './package/xml-check';
import type { ZipSource } from './package/zip-source';

export interface EngineInput {
  /** Path to the price list on disk, or its bytes: an .xlsx or a CSV, told apart by content. */
  price: string | Buffer;
  /** Path or bytes of the export template .xlsx. */
  template: string | Buffer;
  items: Item[];
  mapping: Mapping;
  /** The headers the task's profile remembers (DESIGN §10 guard): changes become warnings. */
  remembered?: ProfileHeaders;
}

/** The template as an export reads it: its parts, its data sheet whole and parsed, its tables. */
export interface TemplateInput {
  tplParts: WorkbookParts;
  sheetXml: string;
  stylesXml: string | undefined;
  sheet: TemplateSheet;
  tables: SheetTable[];
  calcChainXml: string | undefined;
}

/**
 * Both files of an export, read as generate and check read them, handed to `use` while they are
 * still open. The template's parts are read while the price list streams: its I/O fills the gaps
 * in which the price passes wait for inflated data. Template errors are reported first.
 * `check`: the price side also keeps what the check needs (price-check.ts).
 */
export async function withExportInputs<T>(
  input: EngineInput,
  timings: Record<string, number>,
  check: boolean,
  use: (template: ZipSource, tpl: TemplateInput, matched: PriceMatches) => Promise<T>,
): Promise<T> {
  const t = performance.now();
  const template = await openXlsx(input.template, undefined, 'template');
  let price: ZipSource | undefined;
  try {
    price = await openPriceList(input.price);
    timings.inspect = performance.now() - t;
    const priceZip = price;
    const [tplResult, priceResult] = await Promise.allSettled([
      readTemplate(template, timings),
      (async () => {
        if (!priceZip) return guardFile('price', () => matchCsvPrice(input.price, input.items, input.mapping, timings, check));
        const priceParts = await guardFile('price', () => locateParts(priceZip, 'price'));
        return guardFile('price', () => matchPrice(priceZip, priceParts, input.items, input.mapping, timings, check));
      })(),
    ]);
    if (tplResult.status === 'rejected') throw tplResult.reason;
    if (priceResult.status === 'rejected') throw priceResult.reason;
    return await use(template, tplResult.value, priceResult.value);
  } finally {
    template.close();
    price?.close();
  }
}

async function readTemplate(template: ZipSource, timings: Record<string, number>): Promise<TemplateInput> {
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
  // Only a moved totals row changes it, and only a table with one can move it.
  const chainEntry = tplParts.calcChain;
  const calcChainXml = chainEntry && tables.some((tb) => tb.totalsRows > 0) ? await guardFile('template', () => template.readText(chainEntry)) : undefined;
  timings.templateRead = performance.now() - t;
  return { tplParts, sheetXml, stylesXml, sheet, tables, calcChainXml };
}
