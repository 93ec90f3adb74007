import type { ItemKeys, LocatedItems } from './item-locator';
import type { PriceCell, PriceLookup } from './price-index';
import { numberKey } from './key-normalizer';
import type { PriceValue } from '../package/cell-value';
import { toPriceValue } from './price-value';
import { CellKind } from '../package/sheet-reader';
import type { CellFormats } from '../package/styles-reader';

/**
 * What the price side knows for DESIGN §11's check and an export does not need: where each item
 * was found, the key cell as the price list holds it (for `via` and `damaged-code`), the later
 * rows with the same code (`ambiguous-price`) and the key columns' cells that Excel damaged.
 */
export interface PriceCheck {
  /** Per item, in item order; undefined for an item not found. */
  items: (MatchDetail | undefined)[];
  /** Cells of the key columns that read like a code in exponent form and matched no item. */
  damaged: { row: number; col: number; text: string }[];
  /**
   * The columns the export reads (mapped, and the key columns) in which a cell of the rows read
   * holds a formula without a computed value: its value is missing from the export.
   */
  formulaColumns: number[];
}

export interface MatchDetail {
  /** The price row (1-based, as the sheet or the CSV numbers it). */
  row: number;
  keyColumn: number;
  /** The key cell: a text as written, or a number cell's XML text (`31000`, `4.6E+12`). */
  key: { kind: 'text' | 'number'; raw: string; text: string };
  /** Later rows holding the same code in the key column, with their values in the mapped columns. */
  repeats: { row: number; values: Map<number, PriceValue> }[];
}

interface Located {
  row: number;
  keyColumn: number;
  keyCell: PriceCell | undefined;
  repeats: { row: number; cells: PriceCell[] }[];
}

export interface LocatedDetails {
  items: (Located | undefined)[];
  damaged: { row: number; cell: PriceCell }[];
  formulaColumns: number[];
  /** The cells whose shared strings the details need read. */
  neededCells: PriceCell[];
}

/** For each found item: its key cell and the later rows with its code (their cells in `wanted` columns). */
export function locateDetails(index: PriceLookup, keys: ItemKeys, { keyColumns, found }: LocatedItems, wanted: ReadonlySet<number>): LocatedDetails {
  const neededCells: PriceCell[] = [];
  const items = found.map(({ by, row }, i): Located | undefined => {
    if (by === null) return undefined;
    const keyColumn = keyColumns[by];
    const keyCell = index.cellsOf(row)?.find((c) => c.col === keyColumn);
    if (keyCell) neededCells.push(keyCell);
    const key = by === 'ma' ? keys.maKeys[i] : keys.gmKeys[i];
    const repeats = index.repeatsOf(keyColumn, key).map((r) => ({ row: r, cells: (index.cellsOf(r) ?? []).filter((c) => wanted.has(c.col)) }));
    for (const r of repeats) neededCells.push(...r.cells);
    return { row, keyColumn, keyCell, repeats };
  });
  const damaged: LocatedDetails['damaged'] = [];
  for (const col of new Set([keyColumns.ma, keyColumns.gm])) for (const { row, cell } of index.damagedIn(col)) damaged.push({ row, cell });
  for (const d of damaged) neededCells.push(d.cell);
  damaged.sort((a, b) => a.row - b.row || a.cell.col - b.cell.col);
  const read = new Set([...wanted, keyColumns.ma, keyColumns.gm]);
  const formulaColumns = [...(index.formulaColumns ?? [])].filter((c) => read.has(c)).sort((a, b) => a - b);
  return { items, damaged, formulaColumns, neededCells };
}

export function finishDetails(located: LocatedDetails, texts: ReadonlyMap<number, string>, formats: CellFormats, dateOffset: number): PriceCheck {
  const items = located.items.map((d): MatchDetail | undefined => {
    if (!d) return undefined;
    const repeats = d.repeats.map(({ row, cells }) => {
      const values = new Map<number, PriceValue>();
      for (const c of cells) {
        const v = toPriceValue(c, texts, formats, dateOffset);
        if (v) values.set(c.col, v);
      }
      return { row, values };
    });
    return { row: d.row, keyColumn: d.keyColumn, key: keyOf(d.keyCell, texts), repeats };
  });
  const damaged = located.damaged.map(({ row, cell }) => ({ row, col: cell.col, text: keyOf(cell, texts).raw }));
  return { items, damaged, formulaColumns: located.formulaColumns };
}

/** The key cell's text as the price list holds it; a number's also as the code it stands for. */
function keyOf(cell: PriceCell | undefined, texts: ReadonlyMap<number, string>): MatchDetail['key'] {
  if (!cell) return { kind: 'text', raw: '', text: '' };
  if (cell.kind === CellKind.number) return { kind: 'number', raw: cell.raw, text: numberKey(cell.raw) };
  const text = cell.kind === CellKind.shared ? (texts.get(parseInt(cell.raw, 10)) ?? '') : cell.raw;
  return { kind: 'text', raw: text, text };
}
