import type { Readable } from 'node:stream';
import { LIMITS } from '@app/contracts';
import { CellKind } from '../package/cell-kind';
import { CsvScanner, detectSeparator } from '../price/csv-scanner';
import { isoTimeOfDay } from '../price/price-value';
import type { GridCell, SheetGrid } from './header-detector';
import { readSharedStrings } from '../package/shared-strings-reader';
import { requireInSheet } from '../package/sheet-bounds';
import { cellRaw, forEachMergeRef, readSheetCells } from '../package/sheet-reader';
import type { CellFormats } from '../package/styles-reader';
import { parseRange, type CellRange } from '../template/template-sheet';
import { streamXmlRegions } from '../package/xml-stream';
import type { ZipSource } from '../package/zip-source';
import type { WorkbookParts } from '../package/workbook-locator';

/** Thrown by a sink to stop a scan once the rows it needs are read (cheaper than reading on). */
class EnoughRows extends Error {}

interface RawGridCell {
  kind: CellKind;
  raw: string;
  style: number;
}

/** Rows 1..maxRow of a worksheet part, cells as written (shared strings still as indices). */
async function readRawRows(stream: Readable, maxRow: number): Promise<Map<number, Map<number, RawGridCell>>> {
  const rows = new Map<number, Map<number, RawGridCell>>();
  try {
    await readSheetCells(stream, {
      cell(row, col, kind, s, start, end, style) {
        if (row > maxRow) throw new EnoughRows();
        const raw = cellRaw(kind, s, start, end);
        if (raw === null || raw === '') return;
        let cells = rows.get(row);
        if (!cells) rows.set(row, (cells = new Map()));
        cells.set(col, { kind, raw, style });
      },
      rowEnd: () => undefined,
    });
  } catch (err) {
    if (!(err instanceof EnoughRows)) throw err;
    stream.destroy();
  }
  return rows;
}

/**
 * The sheet's first rows as text, and the merges that start in them. Merges are listed after the
 * cell data, so a price list's part is inflated to its end for them, with only a substring search
 * past the rows kept; a template passes its own (parsed with the whole sheet) instead.
 */
export async function readXlsxGrid(zip: ZipSource, parts: WorkbookParts, formats: CellFormats, maxRow: number, merges?: CellRange[]): Promise<SheetGrid> {
  const raw = await readRawRows(await zip.openXmlStream(parts.dataSheet.entry), maxRow);
  const shared = new Set<number>();
  for (const cells of raw.values()) for (const c of cells.values()) if (c.kind === CellKind.shared) shared.add(parseInt(c.raw, 10));
  const texts = new Map<number, string>();
  if (shared.size > 0 && parts.sharedStrings) {
    const last = Math.max(...shared);
    await readSharedStrings(await zip.openXmlStream(parts.sharedStrings), (i, text) => {
      if (shared.has(i)) texts.set(i, text);
      return i < last;
    });
  }
  const dateOffset = parts.date1904 ? 1462 : 0;
  const rows = new Map<number, Map<number, GridCell>>();
  for (const [r, cells] of raw) {
    const out = new Map<number, GridCell>();
    for (const [col, c] of cells) {
      const cell = gridCell(c, texts, formats, dateOffset);
      if (cell.text.trim() !== '') out.set(col, cell);
    }
    if (out.size > 0) rows.set(r, out);
  }
  return { rows, merges: merges ?? (await readMerges(await zip.openXmlStream(parts.dataSheet.entry), maxRow)) };
}

function gridCell(c: RawGridCell, texts: Map<number, string>, formats: CellFormats, dateOffset: number): GridCell {
  switch (c.kind) {
    case CellKind.shared:
      return { text: texts.get(parseInt(c.raw, 10)) ?? '', numeric: false };
    case CellKind.number: {
      const n = Number(c.raw);
      if (!Number.isFinite(n)) return { text: c.raw, numeric: false };
      if (formats.isCalendarDate(c.style, n)) return { text: dateText(n + dateOffset), numeric: true };
      return { text: c.raw, numeric: true };
    }
    case CellKind.isoDate:
      // A time of day alone reads as it is written; a date as dd.mm.yyyy.
      if (isoTimeOfDay(c.raw) !== undefined) return { text: c.raw.trim().replace(/^T/, ''), numeric: true };
      return { text: c.raw.slice(0, 10).split('-').reverse().join('.'), numeric: true };
    case CellKind.boolean:
      return { text: c.raw === '1' ? 'TRUE' : 'FALSE', numeric: false };
    default:
      return { text: c.raw, numeric: false };
  }
}

/** A 1900-system serial day as dd.mm.yyyy (the way the Russian Excel shows a date). */
function dateText(serial: number): string {
  const d = new Date(Math.round((serial - 25_569) * 86_400_000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

/**
 * The merges whose top-left cell is in rows 1..maxRow (only those can lend their text to a read
 * row); every merge is checked to lie within the sheet, as the columns are sized by them.
 */
async function readMerges(stream: Readable, maxRow: number): Promise<CellRange[]> {
  const merges: CellRange[] = [];
  await streamXmlRegions(stream, (s) => mergesIn(s, merges, maxRow));
  return merges;
}

/**
 * The merged cells in a piece of a worksheet part (pieces of streamXmlRegions: tags whole) whose
 * top-left cell is in rows 1..maxRow, added to `into`; every one is checked to lie within the sheet.
 */
export function mergesIn(s: string, into: CellRange[], maxRow = Infinity): void {
  forEachMergeRef(s, (ref) => {
    requireInSheet(ref);
    const range = parseRange(ref);
    if (range.top <= maxRow) into.push(range);
  });
}

/** A CSV keeps dates as text (dd.mm.yyyy): still a value under a header. */
const CSV_DATE = /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/;

/** A CSV's first rows (latin1-held UTF-8 text, see csv-decoder.ts): no merges, numbers as written. */
export function readCsvGrid(text: string, maxRow: number): SheetGrid {
  const rows = new Map<number, Map<number, GridCell>>();
  try {
    new CsvScanner({
      cell(row, col, kind, s, start, end) {
        if (row > maxRow) throw new EnoughRows();
        // A CSV may have more fields than a sheet has columns: those can be neither shown nor mapped.
        if (col > LIMITS.columnMax) return;
        const raw = cellRaw(kind, s, start, end);
        if (raw === null || raw.trim() === '') return;
        let cells = rows.get(row);
        if (!cells) rows.set(row, (cells = new Map()));
        cells.set(col, { text: raw, numeric: kind === CellKind.number || CSV_DATE.test(raw) });
      },
      rowEnd: () => undefined,
    }).scan(text, detectSeparator(text));
  } catch (err) {
    if (!(err instanceof EnoughRows)) throw err;
  }
  return { rows, merges: [] };
}
