import type { Item, Mapping } from '@app/contracts';
import { ENGINE_ERR } from '@app/contracts';
import { EngineError } from '../package/engine-error';
import { detach, mayBeKey, normalizeKey } from './key-normalizer';
import { itemKeys, locateItems, mappedColumns, newPriceIndex, type ItemKeys, type LocatedItems } from './item-locator';
import { looksLikeExponent, mayBeExponentBytes } from './damaged-code';
import { finishDetails, locateDetails, type PriceCheck } from './price-check';
import type { PriceCell, PriceIndex, PriceLookup } from './price-index';
import { DATE1904_OFFSET, type PriceValue } from '../package/cell-value';
import { toPriceValue } from './price-value';
import { indexSharedStrings, readStringsAt, type SharedStringsIndex, type StringNote } from './shared-strings-index';
import { readSharedStrings } from '../package/shared-strings-reader';
import { CellKind, readSheetCells } from '../package/sheet-reader';
import { readCellFormats, type CellFormats } from '../package/styles-reader';
import type { WorkbookParts } from '../package/workbook-locator';
import type { ZipSource } from '../package/zip-source';

export type { PriceValue } from '../package/cell-value';

export interface ItemMatch {
  by: 'ma' | 'gm' | null;
  /** Price column → value, only for the columns `priceToTemplate` maps. */
  values: Map<number, PriceValue>;
}

export interface PriceMatches {
  matches: ItemMatch[];
  keyColumns: { ma: number; gm: number };
  duplicateKeys: number;
  /** Check mode only: what DESIGN §11's check says about the matches (price-check.ts). */
  check?: PriceCheck;
}

/**
 * The price side of an export: shared strings are scanned once for item keys (only the matching
 * indices are remembered), the sheet once (PriceIndex), and the shared strings a second time for
 * just the texts the matched rows need — so no part of the price list is ever held whole.
 * `check`: also what the check needs (rows, key cells, repeats, damaged codes), at some cost.
 */
export async function matchPrice(
  zip: ZipSource,
  parts: WorkbookParts,
  items: readonly Item[],
  mapping: Mapping,
  timings: Record<string, number>,
  check = false,
): Promise<PriceMatches> {
  const keys = itemKeys(items);
  const scan = await scanPriceSheet(zip, parts, keys, check, (sharedKeys) => newPriceIndex(keys, sharedKeys, mapping, check), timings);
  const { index, formats, dateOffset, stringsIndex } = scan;
  if (index.cellCount === 0) throw new EngineError('SHEET_EMPTY', ENGINE_ERR.sheetEmpty(parts.dataSheet.name), 'price');

  return settleMatches(index, keys, mapping, check, formats, dateOffset, async (cells) => {
    const started = performance.now();
    const texts = await readNeededStrings(zip, parts, cells, stringsIndex);
    timings.priceStringsSecondPass = performance.now() - started;
    return texts;
  });
}

export interface PriceSheetScan {
  index: PriceIndex;
  stylesXml: string | undefined;
  formats: CellFormats;
  dateOffset: number;
  stringsIndex: SharedStringsIndex | undefined;
  /** Shared-string index → its normalised text, for the strings taken for keys. */
  sharedKeys: ReadonlyMap<number, string>;
}

/**
 * The first passes of an xlsx price list: the shared strings for the items' keys (and, `check`,
 * for texts that read like a damaged code), then the sheet into the index `newIndex` makes.
 * `note`: told how each string was taken (shared-strings-index.ts StringNote).
 */
export async function scanPriceSheet(
  zip: ZipSource,
  parts: WorkbookParts,
  keys: ItemKeys,
  check: boolean,
  newIndex: (sharedKeys: ReadonlyMap<number, string>) => PriceIndex,
  timings: Record<string, number>,
  note?: StringNote,
): Promise<PriceSheetScan> {
  const { keyKinds, filter } = keys;
  let t = performance.now();
  const stylesXml = parts.styles ? await zip.readText(parts.styles) : undefined;
  const formats = readCellFormats(stylesXml);
  let sharedKeys = new Map<number, string>();
  let stringsIndex: SharedStringsIndex | undefined;
  if (parts.sharedStrings) {
    const maxLen = keys.maxLength;
    // The check also wants the texts that read like a code in exponent form (damaged-code).
    const isKey = check ? (key: string) => keyKinds.has(key) || looksLikeExponent(key) : keyKinds.has.bind(keyKinds);
    stringsIndex = await indexSharedStrings(await zip.openXmlStream(parts.sharedStrings), isKey, maxLen, filter, check ? mayBeExponentBytes : undefined, note);
    if (stringsIndex) sharedKeys = stringsIndex.keys;
    else {
      // `<si/>` items: only the tag-level reader counts them right.
      await readSharedStrings(await zip.openXmlStream(parts.sharedStrings), (index, text) => {
        const exponent = check && looksLikeExponent(text);
        if (!mayBeKey(text, maxLen) && !exponent) return;
        const key = normalizeKey(text);
        if (key === '' || !isKey(key)) return;
        sharedKeys.set(index, detach(key));
        note?.(index, text, exponent, false);
      });
    }
  }
  timings.priceSharedStrings = performance.now() - t;

  t = performance.now();
  const index = newIndex(sharedKeys);
  await readSheetCells(await zip.openXmlStream(parts.dataSheet.entry), index);
  timings.priceSheet = performance.now() - t;
  return { index, stylesXml, formats, dateOffset: parts.date1904 ? DATE1904_OFFSET : 0, stringsIndex, sharedKeys };
}

/**
 * After the scan, for both readers: each item's row, the strings those rows need (`readTexts`:
 * the second pass over an xlsx's shared strings; a CSV has none), the values, and in check mode
 * what the check needs besides.
 */
export async function settleMatches(
  index: PriceLookup,
  keys: ItemKeys,
  mapping: Mapping,
  check: boolean,
  formats: CellFormats,
  dateOffset: number,
  readTexts: (cells: PriceCell[]) => Promise<Map<number, string>>,
): Promise<PriceMatches> {
  const located = locateItems(index, keys, mapping);
  const details = check ? locateDetails(index, keys, located, mappedColumns(mapping)) : undefined;
  const texts = await readTexts(details ? located.neededCells.concat(details.neededCells) : located.neededCells);
  const matches = finishMatches(index, keys, located, texts, formats, dateOffset);
  if (details) matches.check = finishDetails(details, texts, formats, dateOffset);
  return matches;
}

export function finishMatches(
  index: PriceLookup,
  keys: ItemKeys,
  { keyColumns, found }: LocatedItems,
  texts: Map<number, string>,
  formats: CellFormats,
  dateOffset: number,
): PriceMatches {
  const matches: ItemMatch[] = [];
  for (const { by, cells } of found) {
    const values = new Map<number, PriceValue>();
    for (const c of cells) {
      const v = toPriceValue(c, texts, formats, dateOffset);
      if (v) values.set(c.col, v);
    }
    matches.push({ by, values });
  }
  const duplicateKeys =
    index.duplicatesIn(keyColumns.ma, new Set(keys.maKeys.filter(Boolean))) +
    index.duplicatesIn(keyColumns.gm, new Set(keys.gmKeys.filter(Boolean)));
  return { matches, keyColumns, duplicateKeys };
}

export async function readNeededStrings(zip: ZipSource, parts: WorkbookParts, cells: PriceCell[], stringsIndex: SharedStringsIndex | undefined): Promise<Map<number, string>> {
  const needed = new Set<number>();
  for (const c of cells) if (c.kind === CellKind.shared) needed.add(parseInt(c.raw, 10));
  const texts = new Map<number, string>();
  if (needed.size === 0 || !parts.sharedStrings) return texts;
  if (stringsIndex) {
    const sorted = [...needed].filter((i) => i >= 0).sort((a, b) => a - b);
    return readStringsAt(await zip.openXmlStream(parts.sharedStrings), stringsIndex, sorted);
  }
  let last = 0;
  for (const i of needed) if (i > last) last = i;
  await readSharedStrings(
    await zip.openXmlStream(parts.sharedStrings),
    (i, text) => {
      texts.set(i, detach(text));
      return texts.size < needed.size && i < last;
    },
    { wanted: (i) => needed.has(i) },
  );
  return texts;
}
