import type { FileColumns, Item } from '@app/contracts';
import { guardFile } from '../package/engine-error';
import { CellKind } from '../package/sheet-reader';
import { locateParts } from '../package/workbook-locator';
import { openPriceList, scanCsvPrice } from './csv-price-reader';
import { itemKeys } from './item-locator';
import { normalizeKey, numberKey } from './key-normalizer';
import { PriceIndex, type DamagedCell, type PriceCell } from './price-index';
import { readNeededStrings, scanPriceSheet } from './price-reader';

/**
 * One read of a price list for a batch of exports on it (DESIGN §12 "Speed"): the index a
 * task's own read builds, built once for the union of the tasks' items, with the texts of the
 * shared strings its rows hold. Plain data only (Maps, arrays, strings, numbers), so it can be
 * posted to worker threads. It grows with the union of the items, never with the price list.
 * A task reads its matches from it with shared-view.ts, exactly as from its own read.
 */
export interface SharedPrice {
  format: 'xlsx' | 'csv';
  /** The union's normalised keys → KEY_MA | KEY_GM bits over all tasks. */
  keyKinds: Map<string, number>;
  /** The union of the tasks' mapped price columns: a repeat row keeps its cells in these. */
  repeatColumns: number[];
  /**
   * The key columns every task of the batch sets (`priceKeys`), when the caller gave them: the
   * sheet is then read as such a task reads it (rows without a code only up to them), and only
   * tasks setting exactly these are covered. Undefined: every column counts.
   */
  keyColumns?: number[];
  /** The sheet had no cell: every task reads the file itself and fails as it would. */
  empty: boolean;
  /** As PriceIndex: `${col}|${key}` → first row / rows holding it / later rows kept. */
  firstRow: Map<string, number>;
  occurrences: Map<string, number>;
  repeatRows: Map<string, number[]>;
  /** Column → the union's keys found in it. */
  hits: Map<number, string[]>;
  /** Kept rows: whole where some key of the union first occurs, else its repeat and key columns. */
  rows: Map<number, PriceCell[]>;
  /** Column → damaged-looking cells, those holding a union key too (with it); see PriceIndex.sharing. */
  damaged: Map<number, DamagedCell[]>;
  /** Columns whose damaged list was cut before DAMAGED_KEPT sure cells. */
  damagedFull: number[];
  formulaColumns: number[];
  /** Some row's cells were out of column order (a task with set key columns reads it itself). */
  unordered: boolean;
  /**
   * Shared strings read like a damaged code that a task's own scan takes only if its keys are
   * long enough (StringNote): index → the text and whether the KeyFilter judged it. Absent: any
   * task takes it.
   */
  exponentNotes: Map<number, { text: string; filtered: boolean }>;
  /** Shared-string index → text, for every shared cell kept. */
  texts: Map<number, string>;
  /** styles.xml as read (a task makes its CellFormats from it). */
  stylesXml?: string;
  dateOffset: number;
  /** The price list's header columns (DESIGN §10 guard), when the caller read them. */
  priceColumns?: FileColumns;
}

/**
 * The price list read once for a batch: `items` and `repeatColumns` are the union of the tasks'
 * items and mapped price columns. Check mode; every column a key column (a task that sets both
 * key columns takes its own columns' part), or only `keyColumns` when all tasks set these.
 */
export async function buildSharedPrice(price: string | Buffer, items: readonly Item[], repeatColumns: readonly number[], keyColumns?: { ma: number; gm: number }): Promise<SharedPrice> {
  const keys = itemKeys(items);
  const repeat = new Set(repeatColumns);
  const watched = keyColumns && keyColumns.ma > 0 && keyColumns.gm > 0 ? new Set([keyColumns.ma, keyColumns.gm]) : undefined;
  const newIndex = (sharedKeys: ReadonlyMap<number, string>) => new PriceIndex(keys.keyKinds, sharedKeys, keys.maxLength, watched, keys.filter, repeat, true);
  const timings: Record<string, number> = {};
  const zip = await guardFile('price', () => openPriceList(price));
  if (!zip) {
    const index = await guardFile('price', () => scanCsvPrice(price, () => newIndex(new Map()), timings));
    const rows = keptCells(index.rows, repeat, (c) => cellKeyIn(c, keys.keyKinds));
    return withKeyColumns(shareOf(index, rows, keys.keyKinds, 'csv', [...repeat], new Map(), new Map(), undefined, 0), watched);
  }
  try {
    const parts = await guardFile('price', () => locateParts(zip, 'price'));
    const notes: SharedPrice['exponentNotes'] = new Map();
    const scan = await guardFile('price', () =>
      scanPriceSheet(zip, parts, keys, true, newIndex, timings, (i, text, always, filtered) => {
        if (!always && !keys.keyKinds.has(normalizeKey(text))) notes.set(i, { text, filtered });
      }),
    );
    const { sharedKeys } = scan;
    const rows = keptCells(scan.index.rows, repeat, (c) => {
      // An index not written as plain digits is kept: no guessing how a reader takes it.
      if (c.kind === CellKind.shared) return !/^\d+$/.test(c.raw) || keys.keyKinds.has(sharedKeys.get(Number(c.raw)) ?? '');
      return cellKeyIn(c, keys.keyKinds);
    });
    const cells: PriceCell[] = [];
    for (const row of rows.values()) cells.push(...row);
    for (const list of scan.index.damaged!.values()) for (const d of list) cells.push(d.cell);
    const texts = await guardFile('price', () => readNeededStrings(zip, parts, cells.filter((c) => c.kind === CellKind.shared), scan.stringsIndex));
    return withKeyColumns(shareOf(scan.index, rows, keys.keyKinds, 'xlsx', [...repeat], notes, texts, scan.stylesXml, scan.dateOffset), watched);
  } finally {
    zip.close();
  }
}

function withKeyColumns(share: SharedPrice, watched: ReadonlySet<number> | undefined): SharedPrice {
  if (watched) share.keyColumns = [...watched];
  return share;
}

/**
 * The kept rows with only the cells a task can ask for: those of the repeat columns (every task's
 * mapped columns) and those of a column where the row holds a key of the union (the key cell a
 * check shows). A task's own index keeps more of a row it matched, but reads no more of it.
 */
function keptCells(rows: ReadonlyMap<number, PriceCell[]>, repeat: ReadonlySet<number>, holdsKey: (c: PriceCell) => boolean): Map<number, PriceCell[]> {
  const kept = new Map<number, PriceCell[]>();
  for (const [row, cells] of rows) {
    const keyColumns = new Set<number>();
    for (const c of cells) if (!repeat.has(c.col) && holdsKey(c)) keyColumns.add(c.col);
    kept.set(row, cells.filter((c) => repeat.has(c.col) || keyColumns.has(c.col)));
  }
  return kept;
}

/** A number or text cell holds one of `keys` (as PriceIndex.keyOf reads it; a shared string's is looked up by the caller). */
function cellKeyIn(c: PriceCell, keys: ReadonlyMap<string, number>): boolean {
  if (c.kind === CellKind.number) return keys.has(numberKey(c.raw));
  if (c.kind === CellKind.string) return keys.has(normalizeKey(c.raw));
  return false;
}

function shareOf(
  index: PriceIndex,
  rows: Map<number, PriceCell[]>,
  keyKinds: Map<string, number>,
  format: SharedPrice['format'],
  repeatColumns: number[],
  exponentNotes: SharedPrice['exponentNotes'],
  texts: Map<number, string>,
  stylesXml: string | undefined,
  dateOffset: number,
): SharedPrice {
  const hits = new Map<number, Set<string>>();
  for (const byKind of [index.maHits, index.gmHits]) {
    for (const [col, keys] of byKind) {
      let set = hits.get(col);
      if (!set) hits.set(col, (set = new Set()));
      for (const k of keys) set.add(k);
    }
  }
  const sharing = index.sharing!;
  return {
    format,
    keyKinds,
    repeatColumns,
    empty: index.cellCount === 0,
    firstRow: index.firstRow,
    occurrences: index.occurrences,
    repeatRows: index.repeatRows!,
    hits: new Map([...hits].map(([col, keys]) => [col, [...keys]])),
    rows,
    damaged: index.damaged!,
    damagedFull: [...sharing.full],
    formulaColumns: [...index.formulaColumns!],
    unordered: sharing.unordered,
    exponentNotes,
    texts,
    stylesXml,
    dateOffset,
  };
}
