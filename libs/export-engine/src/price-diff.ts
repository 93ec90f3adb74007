import { readFile, writeFile } from 'node:fs/promises';
import type { CompareSettings, FileColumn, PriceListDiff } from '@app/contracts';
import { mergesIn, readCsvGrid, readXlsxGrid } from './check/column-grid-reader';
import { planComparison, type ComparePlan } from './check/compare-columns';
import { buildColumns, detectHeaderRow, HEADER_SCAN_ROWS, type SheetGrid } from './check/header-detector';
import { DATE1904_OFFSET } from './package/cell-value';
import { decodeCsv } from './package/csv-decoder';
import { guardFile } from './package/engine-error';
import { NO_PICKED_STRINGS, pickSharedStrings } from './package/shared-strings-picker';
import { readSheetCells } from './package/sheet-reader';
import { readCellFormats, type CellFormats } from './package/styles-reader';
import { locateParts, type WorkbookParts } from './package/workbook-locator';
import type { ZipSource } from './package/zip-source';
import type { CellRange } from './template/template-sheet';
import { NO_FORMATS, openPriceList } from './price/csv-price-reader';
import { CsvScanner, detectSeparator } from './price/csv-scanner';
import { writeDiffWorkbook } from './price/diff-workbook';
import { VersionMatch, type ComparedColumn } from './price/version-compare';
import { collectDiff } from './price/version-diff';
import { readSnapshot, snapshotOf, type VersionRead } from './price/version-snapshot';
import { VersionTable, type TableColumns } from './price/version-table';

export interface DiffOptions {
  /** Where to write `diff.xlsx` (every change, and the codes added and removed); none when left out. */
  xlsx?: string;
  /**
   * The older version's snapshot, as the diff that brought that version in wrote it (`snapshotTo`):
   * its table is taken from it instead of reading `before` again, when it holds the columns this
   * comparison reads (else, or when it is no snapshot this engine reads, the file is read).
   */
  olderSnapshot?: Buffer;
  /** Where to write the newer version's snapshot, for the diff that will compare the next version with it. */
  snapshotTo?: string;
  /** Filled with the wall time of each step, ms. */
  timings?: Record<string, number>;
}

/**
 * DESIGN §16: a new version of a price list (`after`) compared with the current one (`before`),
 * both .xlsx or CSV, by the columns `settings` names (found by their headers where they moved).
 * Each version is read once, in bounded memory: the header as the column picker finds it, then one
 * pass of the sheet keeping only the key and compared cells of each row (VersionTable, ~30 bytes a
 * row for two codes and a price), then only the shared strings those cells use. The two are read side by
 * side, matched by code as an export matches items, and compared value by value. With `xlsx`,
 * every change is streamed into that file as well. A version's table can be kept (`snapshotTo`)
 * and given back when that version is the older one (`olderSnapshot`): then only the new file is read.
 */
export async function diffPriceVersions(before: string | Buffer, after: string | Buffer, settings: CompareSettings, options: DiffOptions = {}): Promise<PriceListDiff> {
  const timings = options.timings ?? {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = now - t;
    t = now;
  };
  const snapshot = options.olderSnapshot ? readSnapshot(options.olderSnapshot) : undefined;
  const { diff, match, columns, newer } = await guardFile('price', () => compare(before, after, settings, snapshot, lap));
  if (options.xlsx) {
    await writeDiffWorkbook(options.xlsx, match, columns);
    lap('xlsx');
  }
  if (options.snapshotTo) {
    await writeFile(options.snapshotTo, snapshotOf(newer));
    lap('snapshot');
  }
  return diff;
}

/**
 * A list's first version, which has nothing to compare with, read as a diff would read it and its
 * table kept at `snapshotTo` (DESIGN §16): the next version's comparison then reads only its own file.
 */
export async function keepPriceVersion(file: string | Buffer, settings: CompareSettings, snapshotTo: string): Promise<void> {
  await guardFile('price', async () => {
    const version = await openVersion(file);
    try {
      const readUnder = async (plan: ComparePlan) => {
        const scanned = await scan(version, plan.after);
        await readStrings(version, scanned.table);
        return scanned;
      };
      const plan = planComparison(settings, version.columns, version.columns);
      let scanned = await readUnder(plan);
      // As in a diff: merged cells read with the rows may settle the header elsewhere.
      const settled = planComparison(settings, version.columns, version.columns);
      if (!samePlan(plan, settled, 'after') || scanned.headerRow !== version.headerRow) scanned = await readUnder(settled);
      await writeFile(snapshotTo, snapshotOf({ table: scanned.table, headerRow: version.headerRow, columns: version.columns }));
    } finally {
      version.zip?.close();
    }
  });
}

/** A version's rows as read, and the header row they were read under. */
type Scanned = { table: VersionTable; headerRow: number };

async function compare(before: string | Buffer, after: string | Buffer, settings: CompareSettings, snapshot: VersionRead | undefined, lap: (name: string) => void) {
  const versions: OpenedVersion[] = [];
  const open = async (file: string | Buffer) => {
    const version = await openVersion(file);
    versions.push(version);
    return version;
  };
  try {
    const heads = await Promise.allSettled([open(after), snapshot ? undefined : open(before)]);
    for (const h of heads) if (h.status === 'rejected') throw h.reason;
    const newer = (heads[0] as PromiseFulfilledResult<OpenedVersion>).value;
    let older = (heads[1] as PromiseFulfilledResult<OpenedVersion | undefined>).value;
    let plan = planComparison(settings, older?.columns ?? snapshot!.columns, newer.columns);
    // A snapshot serves when it holds the very columns this comparison reads; else the file is read.
    const kept = snapshot && sameColumns(snapshot.table.columns, plan.before) ? snapshot : undefined;
    if (!kept && !older) {
      older = await open(before);
      plan = planComparison(settings, older.columns, newer.columns);
    }
    lap('heads');
    // Each version's strings are read as soon as its rows are: one's inflating overlaps the other's scan.
    const read = async (version: OpenedVersion, columns: TableColumns) => {
      const scanned = await scan(version, columns);
      await readStrings(version, scanned.table);
      return scanned;
    };
    const olderRead: Promise<Scanned> = kept ? Promise.resolve(kept) : read(older!, plan.before);
    let [olderTable, newerTable] = await Promise.all([olderRead, read(newer, plan.after)]);
    lap('read');
    // The merged cells come with the pass (they follow the rows): the header as the column picker
    // reads it may differ from the first guess without them. Then a version is read again.
    const settled = planComparison(settings, kept ? kept.columns : older!.columns, newer.columns);
    const olderMoved = !kept && (!samePlan(plan, settled, 'before') || olderTable.headerRow !== older!.headerRow);
    const newerMoved = !samePlan(plan, settled, 'after') || newerTable.headerRow !== newer.headerRow;
    if (olderMoved) olderTable = await read(older!, settled.before);
    if (newerMoved) newerTable = await read(newer, settled.after);
    if (olderMoved || newerMoved) lap('reread');
    plan = settled;

    const match = new VersionMatch(olderTable.table, newerTable.table);
    const columns: ComparedColumn[] = plan.values.map((v, k) => ({
      column: v.column,
      header: v.header,
      before: olderTable.table.valueSlots[k],
      after: newerTable.table.valueSlots[k],
    }));
    const diff = collectDiff(match, columns, plan.settings, plan.headerChanges);
    lap('compare');
    return { diff, match, columns, newer: { table: newerTable.table, headerRow: newer.headerRow, columns: newer.columns } };
  } finally {
    for (const v of versions) v.zip?.close();
  }
}

function sameColumns(a: TableColumns, b: TableColumns): boolean {
  return a.ma === b.ma && a.gm === b.gm && a.values.length === b.values.length && a.values.every((c, i) => c === b.values[i]);
}

/** A version opened for a diff: how to read it, and its header as far as it is known. */
interface OpenedVersion {
  zip?: ZipSource;
  parts?: WorkbookParts;
  /** A CSV's text (latin1-held UTF-8, see csv-decoder). */
  text?: string;
  formats: CellFormats;
  dateOffset: number;
  /** The first rows, and the merged cells once a pass has read them. */
  grid: SheetGrid;
  headerRow: number;
  columns: FileColumn[];
}

/**
 * Opens a version and reads its header as readColumns does (DESIGN §10), but for a workbook from
 * its first rows alone: the merged cells follow all the rows in the part, and the pass over the
 * rows reads them instead of an inflate of its own.
 */
async function openVersion(file: string | Buffer): Promise<OpenedVersion> {
  const zip = await openPriceList(file);
  if (!zip) {
    const { text } = decodeCsv(typeof file === 'string' ? await readFile(file) : file);
    const grid = readCsvGrid(text, HEADER_SCAN_ROWS);
    const headerRow = detectHeaderRow(grid);
    return { text, formats: NO_FORMATS, dateOffset: 0, grid, headerRow, columns: buildColumns(grid, headerRow) };
  }
  try {
    const parts = await locateParts(zip, 'price');
    const formats = readCellFormats(parts.styles ? await zip.readText(parts.styles) : undefined);
    const grid = await readXlsxGrid(zip, parts, formats, HEADER_SCAN_ROWS, []);
    const headerRow = detectHeaderRow(grid);
    return { zip, parts, formats, dateOffset: parts.date1904 ? DATE1904_OFFSET : 0, grid, headerRow, columns: buildColumns(grid, headerRow) };
  } catch (err) {
    zip.close();
    throw err;
  }
}

/**
 * One pass over a version's rows into a table of `columns`. A workbook's merged cells, read on
 * after the rows, settle its header: `version.headerRow` and `columns` are updated, and the
 * table's `headerRow` says which header it was read under.
 */
async function scan(version: OpenedVersion, columns: TableColumns): Promise<{ table: VersionTable; headerRow: number }> {
  const headerRow = version.headerRow;
  const table = new VersionTable(columns, headerRow, version.formats, version.dateOffset);
  if (version.text !== undefined) {
    new CsvScanner(table).scan(version.text, detectSeparator(version.text));
    return { table, headerRow };
  }
  const merges: CellRange[] = [];
  await readSheetCells(await version.zip!.openXmlStream(version.parts!.dataSheet.entry), table, (s) => mergesIn(s, merges));
  if (merges.length > 0 && version.grid.merges.length === 0) {
    version.grid = { rows: version.grid.rows, merges };
    version.headerRow = detectHeaderRow(version.grid);
    version.columns = buildColumns(version.grid, version.headerRow);
  }
  return { table, headerRow };
}

function samePlan(a: ComparePlan, b: ComparePlan, side: 'before' | 'after'): boolean {
  return sameColumns(a[side], b[side]);
}

/** The texts of the shared strings the table's cells use (only those), then its keys. */
async function readStrings(version: OpenedVersion, table: VersionTable): Promise<void> {
  const entry = version.parts?.sharedStrings;
  if (!entry || table.maxShared < 0) {
    table.finish(NO_PICKED_STRINGS);
    return;
  }
  const open = () => version.zip!.openXmlStream(entry);
  table.finish(await pickSharedStrings(await open(), open, table.wanted, table.maxShared));
}
