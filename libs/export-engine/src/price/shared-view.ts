import type { Item, Mapping } from '@app/contracts';
import { CellKind } from '../package/sheet-reader';
import { readCellFormats, type CellFormats } from '../package/styles-reader';
import { looksLikeExponent } from './damaged-code';
import { itemKeys, mappedColumns, type ItemKeys } from './item-locator';
import { mayBeKey } from './key-normalizer';
import { DAMAGED_KEPT, duplicatesIn, lookupIn, type DamagedCell, type KEY_GM, type KEY_MA, type PriceCell, type PriceLookup } from './price-index';
import { settleMatches, type PriceMatches } from './price-reader';
import type { SharedPrice } from './price-share';

/**
 * One task's matches from a shared read of its price list (price-share.ts), equal to what its
 * own read would give, or undefined when the share cannot promise that (the task then reads the
 * file itself). No file is touched.
 */
export async function matchSharedPrice(share: SharedPrice, items: readonly Item[], mapping: Mapping): Promise<PriceMatches | undefined> {
  const keys = itemKeys(items);
  if (!coversKeys(share, keys, mapping)) return undefined;
  const view = new SharedView(share, keys);
  const matched = await settleMatches(view, keys, mapping, true, formatsOf(share), share.dateOffset, async () => share.texts);
  return view.inexact ? undefined : matched;
}

/**
 * The share answers for the task: its keys are the share's (with their kinds), its mapped columns
 * among the share's repeat columns, and no other task's key reads like a damaged code (the task's
 * own read would list such a cell as damaged, the share took it for a key). A task that sets both
 * key columns reads only up to them in rows without its codes: the share answers for it only
 * when that cannot hide a cell (cells in column order, no formula without value past them). A
 * share read with set key columns answers only for tasks setting just these.
 */
export function covers(share: SharedPrice, items: readonly Item[], mapping: Mapping): boolean {
  return coversKeys(share, itemKeys(items), mapping);
}

function coversKeys(share: SharedPrice, keys: ItemKeys, mapping: Mapping): boolean {
  if (share.empty || share.rows.has(0)) return false;
  for (const [key, bits] of keys.keyKinds) {
    const has = share.keyKinds.get(key);
    if (has === undefined || (has & bits) !== bits) return false;
  }
  const repeat = new Set(share.repeatColumns);
  const mapped = mappedColumns(mapping);
  if (![...repeat, ...mapped].every(Number.isInteger)) return false;
  for (const c of mapped) if (c > 0 && !repeat.has(c)) return false;
  for (const key of share.keyKinds.keys()) if (!keys.keyKinds.has(key) && looksLikeExponent(key)) return false;
  const { ma, gm } = mapping.priceKeys;
  if (share.keyColumns) {
    // Read as a task with these key columns reads: only such a task is answered for.
    const own = ma > 0 && gm > 0 ? new Set([ma, gm]) : new Set<number>();
    if (own.size !== share.keyColumns.length || !share.keyColumns.every((c) => own.has(c))) return false;
  }
  if (ma > 0 && gm > 0) {
    if (share.unordered) return false;
    const last = Math.max(ma, gm);
    const read = new Set([...mapped, ma, gm]);
    if (share.formulaColumns.some((c) => c > last && read.has(c))) return false;
  }
  return true;
}

/**
 * The share seen by one task: what the task's own PriceIndex would hold for the questions
 * settleMatches asks. Rows are the share's, which may hold more cells than the task's own (a row
 * whole for the union, repeat-only for the task): every reader of a row asks only for the
 * matched row (whole in both) or for a repeat row's mapped cells (kept in both).
 */
class SharedView implements PriceLookup {
  readonly formulaColumns: ReadonlySet<number>;
  /** A damaged list was cut before the task's own read would have cut it. */
  inexact = false;

  constructor(
    private readonly share: SharedPrice,
    private readonly keys: ItemKeys,
  ) {
    this.formulaColumns = new Set(share.formulaColumns);
  }

  detectKeyColumn(kind: typeof KEY_MA | typeof KEY_GM): number {
    let best = 0;
    let bestCount = 0;
    for (const [col, keys] of this.share.hits) {
      let count = 0;
      for (const key of keys) if (((this.keys.keyKinds.get(key) ?? 0) & kind) !== 0) count++;
      if (count > bestCount || (count > 0 && count === bestCount && col < best)) {
        best = col;
        bestCount = count;
      }
    }
    return best;
  }

  lookup(col: number, key: string): number | undefined {
    return lookupIn(this.share.firstRow, col, key);
  }

  cellsOf(row: number): readonly PriceCell[] | undefined {
    return this.share.rows.get(row);
  }

  repeatsOf(col: number, key: string): readonly number[] {
    return this.share.repeatRows.get(`${col}|${key}`) ?? [];
  }

  /** The cells the task's own read would have listed: none holding its keys, shared texts only if its scan took them. */
  damagedIn(col: number): readonly DamagedCell[] {
    const out: DamagedCell[] = [];
    for (const d of this.share.damaged.get(col) ?? []) {
      if (d.key !== undefined && this.keys.keyKinds.has(d.key)) continue;
      if (d.cell.kind === CellKind.shared && !this.takesExponent(parseInt(d.cell.raw, 10))) continue;
      out.push({ row: d.row, cell: d.cell });
      if (out.length === DAMAGED_KEPT) return out;
    }
    if (this.share.damagedFull.includes(col)) this.inexact = true;
    return out;
  }

  duplicatesIn(col: number, keys: Iterable<string>): number {
    return duplicatesIn(this.share.occurrences, col, keys);
  }

  /** The task's own first pass over the shared strings took string `i` (read like a damaged code). */
  private takesExponent(i: number): boolean {
    const note = this.share.exponentNotes.get(i);
    if (!note) return true;
    return mayBeKey(note.text, this.keys.maxLength) && (!note.filtered || this.keys.filter.mayBeKeyChars(note.text, 0, note.text.length));
  }
}

/** A share's CellFormats, made once per share object (a worker keeps the object for its batch). */
const formats = new WeakMap<SharedPrice, CellFormats>();

function formatsOf(share: SharedPrice): CellFormats {
  let f = formats.get(share);
  if (!f) formats.set(share, (f = readCellFormats(share.stylesXml)));
  return f;
}
