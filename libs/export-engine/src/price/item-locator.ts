import type { Item, Mapping } from '@app/contracts';
import { KeyFilter } from './key-filter';
import { longestKey, normalizeKey } from './key-normalizer';
import { KEY_GM, KEY_MA, PriceIndex, type PriceCell, type PriceLookup } from './price-index';

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

export function newPriceIndex(keys: ItemKeys, sharedKeys: ReadonlyMap<number, string>, mapping: Mapping, check = false): PriceIndex {
  const { ma, gm } = mapping.priceKeys;
  const keyColumnsSet = ma > 0 && gm > 0 ? new Set([ma, gm]) : undefined;
  return new PriceIndex(keys.keyKinds, sharedKeys, keys.maxLength, keyColumnsSet, keys.filter, check ? mappedColumns(mapping) : undefined);
}

export interface LocatedItems {
  keyColumns: { ma: number; gm: number };
  /** Each item's matched row (0 when missing) and its cells in mapped columns. */
  found: { by: 'ma' | 'gm' | null; row: number; cells: PriceCell[] }[];
  /** The matched rows' cells in mapped columns, all items together. */
  neededCells: PriceCell[];
}

/** DESIGN §5.3: each item's row by MA, else by GM, in the set or detected key columns. */
export function locateItems(index: PriceLookup, keys: ItemKeys, mapping: Mapping): LocatedItems {
  const keyColumns = {
    ma: mapping.priceKeys.ma > 0 ? mapping.priceKeys.ma : index.detectKeyColumn(KEY_MA),
    gm: mapping.priceKeys.gm > 0 ? mapping.priceKeys.gm : index.detectKeyColumn(KEY_GM),
  };
  const wanted = mappedColumns(mapping);
  const found: LocatedItems['found'] = [];
  const neededCells: PriceCell[] = [];
  for (let i = 0; i < keys.maKeys.length; i++) {
    const byMa = index.lookup(keyColumns.ma, keys.maKeys[i]);
    const byGm = byMa === undefined ? index.lookup(keyColumns.gm, keys.gmKeys[i]) : undefined;
    const row = byMa ?? byGm ?? 0;
    const cells: PriceCell[] = [];
    for (const c of index.cellsOf(row) ?? []) if (wanted.has(c.col)) cells.push(c);
    found.push({ by: byMa !== undefined ? 'ma' : byGm !== undefined ? 'gm' : null, row, cells });
    neededCells.push(...cells);
  }
  return { keyColumns, found, neededCells };
}

/** The price columns `priceToTemplate` copies from. */
export function mappedColumns(mapping: Mapping): Set<number> {
  return new Set(Object.keys(mapping.priceToTemplate).map(Number));
}
