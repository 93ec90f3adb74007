import type { ExportReport, Item, Mapping } from '@app/contracts';
import { ENGINE_ERR, LIMITS, MANUAL_FIELDS, type EngineFileKind } from '@app/contracts';
import { matchCsvPrice, openPriceList } from './csv-price-reader';
import { EngineError } from './engine-error';
import { matchPrice, type PriceMatches } from './price-reader';
import { StylesPatcher } from './styles-patcher';
import { moveCalcChainRows } from './calc-chain';
import { planLayout } from './fill-layout';
import { extendTables, readTables } from './table-extender';
import { rezip } from './template-rezip';
import { parseTemplateSheet, readTemplateSheetXml } from './template-sheet';
import { writeDataRows, type OutRow } from './template-writer';
import { locateParts } from './workbook-locator';
import { openXlsx } from './xlsx-inspector';
import { isWellFormedStream, isWellFormedXml, requireWellFormed } from './xml-check';
import type { ZipSource } from './zip-source';

export interface EngineInput {
  /** Path to the price list on disk, or its bytes: an .xlsx or a CSV, told apart by content. */
  price: string | Buffer;
  /** Path or bytes of the export template .xlsx. */
  template: string | Buffer;
  items: Item[];
  mapping: Mapping;
}

export interface EngineOutput {
  xlsx: Buffer;
  report: ExportReport;
  /**
   * Where the items went: the data sheet's name and the first item's row (the rest follow in
   * order). Always set by generateExport; optional for outputs passed on without it (worker threads).
   */
  placement?: { sheet: string; firstRow: number };
  /** Milliseconds per stage, for logs and the benchmark. */
  timings: Record<string, number>;
}

/** DESIGN §5: the template with one row per item, filled from the typed fields and the price list. */
export async function generateExport(input: EngineInput): Promise<EngineOutput> {
  const timings: Record<string, number> = {};
  const started = performance.now();
  checkColumns(input.mapping);

  let t = performance.now();
  const template = await openXlsx(input.template, undefined, 'template');
  let price: ZipSource | undefined;
  try {
    price = await openPriceList(input.price);
    timings.inspect = performance.now() - t;

    // The template's parts are read while the price list streams: its I/O fills the gaps in
    // which the price passes wait for inflated data. Template errors are reported first.
    const priceZip = price;
    const [tplResult, priceResult] = await Promise.allSettled([
      readTemplate(template, timings),
      (async () => {
        if (!priceZip) return guard('price', () => matchCsvPrice(input.price, input.items, input.mapping, timings));
        const priceParts = await guard('price', () => locateParts(priceZip, 'price'));
        return guard('price', () => matchPrice(priceZip, priceParts, input.items, input.mapping, timings));
      })(),
    ]);
    if (tplResult.status === 'rejected') throw tplResult.reason;
    if (priceResult.status === 'rejected') throw priceResult.reason;
    const { tplParts, sheetXml, stylesXml, sheet, tables, calcChainXml } = tplResult.value;
    const matched = priceResult.value;

    t = performance.now();
    const styles = stylesXml !== undefined ? new StylesPatcher(stylesXml) : undefined;
    const rows = input.items.map((item, i) => outRow(item, matched.matches[i].values, input.mapping));
    const layout = planLayout(sheetXml, sheet, tables, rows.length, valueColumns(input.mapping));
    if (layout.start + rows.length - 1 > LIMITS.rowMax) {
      throw new EngineError('NO_ROOM_FOR_ITEMS', ENGINE_ERR.noRoomForItems(Math.max(0, LIMITS.rowMax - layout.start + 1), rows.length), 'template');
    }
    const written = writeDataRows(sheetXml, sheet, rows, styles, tplParts.date1904, layout);
    const replaced = extendTables(tables, layout, written.range);
    const moved = layout.totals;
    if (moved && moved.delta > 0 && calcChainXml !== undefined && tplParts.calcChain) {
      replaced.set(tplParts.calcChain.fileName, moveCalcChainRows(calcChainXml, tplParts.dataSheet.sheetId, moved.top, moved.bottom, moved.delta));
    }
    timings.templateWrite = performance.now() - t;

    t = performance.now();
    replaced.set(tplParts.dataSheet.path, written.xml);
    if (styles?.changed && tplParts.styles) replaced.set(tplParts.styles.fileName, styles.toXml());
    const xlsx = await guard('template', () => rezip(template, replaced));
    timings.zip = performance.now() - t;
    timings.total = performance.now() - started;
    const r = report(input.items, matched);
    if (layout.warnings.length > 0) r.warnings = layout.warnings;
    return { xlsx, report: r, placement: { sheet: tplParts.dataSheet.name, firstRow: written.range.firstRow }, timings };
  } finally {
    template.close();
    price?.close();
  }
}

async function readTemplate(template: ZipSource, timings: Record<string, number>) {
  const t = performance.now();
  // The parts the writer copies around its rows must be well-formed, or every export is broken too.
  const tplParts = await guard('template', () => locateParts(template, 'template', true));
  const sheetXml = await guard('template', () => readTemplateSheetXml(template, tplParts.dataSheet));
  requireWellFormed(isWellFormedXml(sheetXml), tplParts.dataSheet.path, 'template');
  const stylesEntry = tplParts.styles;
  const stylesXml = stylesEntry ? await guard('template', () => template.readText(stylesEntry)) : undefined;
  if (stylesEntry && stylesXml !== undefined) requireWellFormed(isWellFormedXml(stylesXml), stylesEntry.fileName, 'template');
  const stringsEntry = tplParts.sharedStrings;
  if (stringsEntry) {
    const wellFormed = await guard('template', async () => isWellFormedStream(await template.openXmlStream(stringsEntry)));
    requireWellFormed(wellFormed, stringsEntry.fileName, 'template');
  }
  const sheet = parseTemplateSheet(sheetXml);
  if (!sheet) throw new EngineError('FILE_UNREADABLE', ENGINE_ERR.fileUnreadable, 'template');
  const tables = await guard('template', () => readTables(template, tplParts.dataSheet.path, sheetXml));
  // Only a moved totals row changes it, and only a table with one can move it.
  const chainEntry = tplParts.calcChain;
  const calcChainXml = chainEntry && tables.some((tb) => tb.totalsRows > 0) ? await guard('template', () => template.readText(chainEntry)) : undefined;
  timings.templateRead = performance.now() - t;
  return { tplParts, sheetXml, stylesXml, sheet, tables, calcChainXml };
}

/** Columns beyond XFD cannot exist in a sheet; say so instead of writing a broken file. */
function checkColumns(mapping: Mapping): void {
  const max = LIMITS.columnMax;
  for (const f of MANUAL_FIELDS) {
    const c = mapping.manualMapping[f];
    if (c > max) throw new EngineError('COLUMN_TOO_LARGE', ENGINE_ERR.columnTooLarge(c, max));
  }
  for (const [p, c] of Object.entries(mapping.priceToTemplate)) {
    if (c > max) throw new EngineError('COLUMN_TOO_LARGE', ENGINE_ERR.columnTooLarge(c, max));
    if (Number(p) > max) throw new EngineError('COLUMN_TOO_LARGE', ENGINE_ERR.priceColumnTooLarge(Number(p), max));
  }
  for (const c of [mapping.priceKeys.ma, mapping.priceKeys.gm]) {
    if (c > max) throw new EngineError('COLUMN_TOO_LARGE', ENGINE_ERR.priceColumnTooLarge(c, max));
  }
}

/** The template columns that receive a value: merges over them would hide it. */
function valueColumns(mapping: Mapping): Set<number> {
  const cols = new Set<number>(Object.values(mapping.priceToTemplate));
  for (const f of MANUAL_FIELDS) cols.add(mapping.manualMapping[f]);
  cols.delete(0);
  return cols;
}

/** DESIGN §5.5: price values first; a manual field overrides them in a shared column unless empty. */
function outRow(item: Item, prices: PriceMatches['matches'][number]['values'], mapping: Mapping): OutRow {
  const row: OutRow = new Map();
  for (const [priceCol, templateCol] of Object.entries(mapping.priceToTemplate)) {
    const v = prices.get(Number(priceCol));
    if (v && templateCol > 0) row.set(templateCol, { type: 'price', value: v });
  }
  const m = mapping.manualMapping;
  if (m.ma > 0 && item.ma !== '') row.set(m.ma, { type: 'text', value: item.ma });
  if (m.gm > 0 && item.gm !== '') row.set(m.gm, { type: 'text', value: item.gm });
  if (m.name > 0 && item.name !== '') row.set(m.name, { type: 'text', value: item.name });
  if (m.minQty > 0) row.set(m.minQty, { type: 'number', value: item.minQty });
  if (m.step > 0) row.set(m.step, { type: 'number', value: item.step });
  return row;
}

function report(items: readonly Item[], matched: PriceMatches): ExportReport {
  const r: ExportReport = { rows: items.length, matchedByMa: 0, matchedByGm: 0, unmatched: [], duplicateKeys: matched.duplicateKeys, keyColumns: matched.keyColumns };
  matched.matches.forEach((m, index) => {
    if (m.by === 'ma') r.matchedByMa++;
    else if (m.by === 'gm') r.matchedByGm++;
    else r.unmatched.push({ index, ma: items[index].ma, gm: items[index].gm });
  });
  return r;
}

/** Anything unexpected while reading a workbook (corrupt deflate data, bad XML) is that file's fault. */
async function guard<T>(kind: EngineFileKind, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof EngineError) throw err.kind ? err : err.withKind(kind);
    throw new EngineError('FILE_UNREADABLE', ENGINE_ERR.fileUnreadable, kind);
  }
}
