import type { Item, Mapping } from '@app/contracts';
import { ENGINE_ERR } from '@app/contracts';
import { EngineError } from './engine-error';
import { KeyFilter } from './key-filter';
import { detach, longestKey, mayBeKey, normalizeKey } from './key-normalizer';
import { KEY_GM, KEY_MA, PriceIndex, type PriceCell } from './price-index';
import { indexSharedStrings, readStringsAt, type SharedStringsIndex } from './shared-strings-index';
import { readSharedStrings } from './shared-strings-reader';
import { CellKind, readSheetCells } from './sheet-reader';
import { readCellFormats, type CellFormats, type NumberFormat } from './styles-reader';
import type { WorkbookParts } from './workbook-locator';
import type { ZipSource } from './zip-source';

/** A price cell's value as it is to be written: type kept, with the source's number format. */
export type PriceValue =
  /** Times of day and durations too: serial days that no date system shifts. */
  | { type: 'number'; value: number; format: NumberFormat }
  /** A calendar date (maybe with a time): serial day number in the 1900 date system. */
  | { type: 'date'; value: number; format: NumberFormat }
  | { type: 'string'; value: string; format: NumberFormat }
  | { type: 'boolean'; value: boolean; format: NumberFormat }
  | { type: 'error'; value: string; format: NumberFormat };

export interface ItemMatch {
  by: 'ma' | 'gm' | null;
  /** Price column → value, only for the columns `priceToTemplate` maps. */
  values: Map<number, PriceValue>;
}

export interface PriceMatches {
  matches: ItemMatch[];
  keyColumns: { ma: number; gm: number };
  duplicateKeys: number;
}

/** Days between the 1900 and 1904 date systems' epochs. */
const DATE1904_OFFSET = 1462;
const ISO_DATE_FORMAT: NumberFormat = { id: 14, code: 'mm-dd-yy' };
const ISO_DATETIME_FORMAT: NumberFormat = { id: 22, code: 'm/d/yy h:mm' };

/**
 * The price side of an export: shared strings are scanned once for item keys (only the matching
 * indices are remembered), the sheet once (PriceIndex), and the shared strings a second time for
 * just the texts the matched rows need — so no part of the price list is ever held whole.
 */
export async function matchPrice(
  zip: ZipSource,
  parts: WorkbookParts,
  items: readonly Item[],
  mapping: Mapping,
  timings: Record<string, number>,
): Promise<PriceMatches> {
  const keys = itemKeys(items);
  const { keyKinds, filter } = keys;

  let t = performance.now();
  const formats = readCellFormats(parts.styles ? await zip.readText(parts.styles) : undefined);
  let sharedKeys = new Map<number, string>();
  let stringsIndex: SharedStringsIndex | undefined;
  if (parts.sharedStrings) {
    const maxLen = keys.maxLength;
    stringsIndex = await indexSharedStrings(await zip.openXmlStream(parts.sharedStrings), keyKinds.has.bind(keyKinds), maxLen, filter);
    if (stringsIndex) sharedKeys = stringsIndex.keys;
    else {
      // `<si/>` items: only the tag-level reader counts them right.
      await readSharedStrings(await zip.openXmlStream(parts.sharedStrings), (index, text) => {
        if (!mayBeKey(text, maxLen)) return;
        const key = normalizeKey(text);
        if (key !== '' && keyKinds.has(key)) sharedKeys.set(index, detach(key));
      });
    }
  }
  timings.priceSharedStrings = performance.now() - t;

  t = performance.now();
  const index = newPriceIndex(keys, sharedKeys, mapping);
  await readSheetCells(await zip.openXmlStream(parts.dataSheet.entry), index);
  timings.priceSheet = performance.now() - t;
  if (index.cellCount === 0) throw new EngineError('SHEET_EMPTY', ENGINE_ERR.sheetEmpty(parts.dataSheet.name), 'price');

  const located = locateItems(index, keys, mapping);
  t = performance.now();
  const texts = await readNeededStrings(zip, parts, located.neededCells, stringsIndex);
  timings.priceStringsSecondPass = performance.now() - t;
  return finishMatches(index, keys, located, texts, formats, parts.date1904 ? DATE1904_OFFSET : 0);
}

/** The items' codes, normalised (DESIGN §5.2), with the kinds each is and a filter over them. */
export interface ItemKeys {
  keyKinds: Map<string, number>;
  maKeys: string[];
  gmKeys: string[];
  filter: KeyFilter;
  maxLength: number;
}

export function itemKeys(items: readonly Item[]): ItemKeys {
  // Plain loops, no callbacks, on this per-export path: a closure made per call loses its
  // optimised code at the next GC and is compiled again (see SheetScanner).
  const keyKinds = new Map<string, number>();
  const maKeys: string[] = [];
  const gmKeys: string[] = [];
  for (const item of items) {
    const ma = normalizeKey(item.ma);
    const gm = normalizeKey(item.gm);
    maKeys.push(ma);
    gmKeys.push(gm);
    if (ma) keyKinds.set(ma, (keyKinds.get(ma) ?? 0) | KEY_MA);
  }
  for (const gm of gmKeys) if (gm) keyKinds.set(gm, (keyKinds.get(gm) ?? 0) | KEY_GM);
  return { keyKinds, maKeys, gmKeys, filter: new KeyFilter(keyKinds.keys()), maxLength: longestKey(keyKinds.keys()) };
}

export function newPriceIndex(keys: ItemKeys, sharedKeys: ReadonlyMap<number, string>, mapping: Mapping): PriceIndex {
  const { ma, gm } = mapping.priceKeys;
  const keyColumnsSet = ma > 0 && gm > 0 ? new Set([ma, gm]) : undefined;
  return new PriceIndex(keys.keyKinds, sharedKeys, keys.maxLength, keyColumnsSet, keys.filter);
}

export interface LocatedItems {
  keyColumns: { ma: number; gm: number };
  found: { by: 'ma' | 'gm' | null; cells: PriceCell[] }[];
  /** The matched rows' cells in mapped columns, all items together. */
  neededCells: PriceCell[];
}

/** DESIGN §5.3: each item's row by MA, else by GM, in the set or detected key columns. */
export function locateItems(index: PriceIndex, keys: ItemKeys, mapping: Mapping): LocatedItems {
  const keyColumns = {
    ma: mapping.priceKeys.ma > 0 ? mapping.priceKeys.ma : index.detectKeyColumn(KEY_MA),
    gm: mapping.priceKeys.gm > 0 ? mapping.priceKeys.gm : index.detectKeyColumn(KEY_GM),
  };
  const wanted = new Set(Object.keys(mapping.priceToTemplate).map(Number));
  const found: LocatedItems['found'] = [];
  const neededCells: PriceCell[] = [];
  for (let i = 0; i < keys.maKeys.length; i++) {
    const byMa = index.lookup(keyColumns.ma, keys.maKeys[i]);
    const byGm = byMa ? undefined : index.lookup(keyColumns.gm, keys.gmKeys[i]);
    const cells: PriceCell[] = [];
    for (const c of byMa ?? byGm ?? []) if (wanted.has(c.col)) cells.push(c);
    found.push({ by: byMa ? 'ma' : byGm ? 'gm' : null, cells });
    neededCells.push(...cells);
  }
  return { keyColumns, found, neededCells };
}

export function finishMatches(
  index: PriceIndex,
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
      const v = toValue(c, texts, formats, dateOffset);
      if (v) values.set(c.col, v);
    }
    matches.push({ by, values });
  }
  const duplicateKeys =
    index.duplicatesIn(keyColumns.ma, new Set(keys.maKeys.filter(Boolean))) +
    index.duplicatesIn(keyColumns.gm, new Set(keys.gmKeys.filter(Boolean)));
  return { matches, keyColumns, duplicateKeys };
}

async function readNeededStrings(zip: ZipSource, parts: WorkbookParts, cells: PriceCell[], stringsIndex: SharedStringsIndex | undefined): Promise<Map<number, string>> {
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

function toValue(
  c: PriceCell,
  texts: Map<number, string>,
  formats: CellFormats,
  dateOffset: number,
): PriceValue | undefined {
  const format = formats.formatOf(c.style);
  switch (c.kind) {
    case CellKind.shared: {
      const text = texts.get(parseInt(c.raw, 10));
      return text === undefined ? undefined : { type: 'string', value: text, format };
    }
    case CellKind.string:
      return { type: 'string', value: c.raw, format };
    case CellKind.boolean:
      return { type: 'boolean', value: c.raw.trim() === '1' || c.raw.trim().toLowerCase() === 'true', format };
    case CellKind.error:
      return { type: 'error', value: c.raw, format };
    case CellKind.isoDate: {
      const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(c.raw) || !c.raw.includes('T') ? c.raw : `${c.raw}Z`);
      if (!Number.isFinite(ms)) return { type: 'string', value: c.raw, format };
      const serial = ms / 86_400_000 + 25_569;
      const fmt = formats.isDate(c.style) ? format : Number.isInteger(serial) ? ISO_DATE_FORMAT : ISO_DATETIME_FORMAT;
      return { type: 'date', value: serial, format: fmt };
    }
    default: {
      const n = Number(c.raw);
      if (!Number.isFinite(n)) return { type: 'string', value: c.raw, format };
      if (formats.isCalendarDate(c.style)) return { type: 'date', value: n + dateOffset, format };
      return { type: 'number', value: n, format };
    }
  }
}
