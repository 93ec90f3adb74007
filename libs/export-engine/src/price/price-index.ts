import type { KeyFilter } from './key-filter';
import { hasExponent, looksLikeExponent } from './damaged-code';
import { detach, mayBeKey, normalizeKey, numberKey } from './key-normalizer';
import { CellKind, cellRaw, type RawSheetSink } from '../package/sheet-reader';

/**
 * Check mode: later rows kept per key and column; the warning lists them, and more say nothing
 * more. Of such a row only the cells the check compares are kept (see PriceIndex.recordHits).
 */
export const REPEATS_KEPT = 20;
/** Check mode: damaged-looking cells kept per column, so a whole damaged column stays a bounded list. */
export const DAMAGED_KEPT = 1_000;
/** Sharing: damaged-looking cells kept per column at most, sure and unsure together (see PriceIndex.sharing). */
export const DAMAGED_SHARED_MAX = 4 * DAMAGED_KEPT;

/** Which kinds of item code a normalised key is: bit 1 = some item's MA, bit 2 = some item's GM. */
export const KEY_MA = 1;
export const KEY_GM = 2;

export interface PriceCell {
  col: number;
  kind: CellKind;
  raw: string;
  style: number;
}

/** A cell that reads like a code Excel damaged. `key`, sharing only: the item key it matched (a task without that key sees it damaged). */
export interface DamagedCell {
  row: number;
  cell: PriceCell;
  key?: string;
}

/**
 * What the price side reads of a scanned sheet (price-reader settleMatches, item-locator,
 * price-check): the live PriceIndex of one export and a task's view of a shared index
 * (shared-view.ts) both answer it, so the two cannot drift apart.
 */
export interface PriceLookup {
  detectKeyColumn(kind: typeof KEY_MA | typeof KEY_GM): number;
  /** The row number where `key` first occurs in `col`, if it does. */
  lookup(col: number, key: string): number | undefined;
  /** A kept row's cells: whole for a row `lookup` returns; at least the mapped columns for a repeat row. */
  cellsOf(row: number): readonly PriceCell[] | undefined;
  /** Check mode: the later rows holding `key` in `col` (at most REPEATS_KEPT). */
  repeatsOf(col: number, key: string): readonly number[];
  /** Check mode: the damaged-looking cells of `col` that matched no item (at most DAMAGED_KEPT). */
  damagedIn(col: number): readonly DamagedCell[];
  /** Check mode: the columns with a formula cell without a computed value. */
  readonly formulaColumns?: ReadonlySet<number>;
  /** Later occurrences of the given keys in a column (each extra row counts once). */
  duplicatesIn(col: number, keys: Iterable<string>): number;
}

/**
 * The one pass over the price sheet (DESIGN §5.3). Every cell is normalised and looked up in the
 * items' keys; per column it counts which item codes occur (for key-column detection) and how
 * often (for the duplicate count), and it keeps only rows holding the FIRST occurrence of some
 * item key in some column — the only rows a lookup can ever return. Memory thus grows with the
 * number of items (× columns at worst), never with the length of the price list.
 */
export class PriceIndex implements RawSheetSink, PriceLookup {
  /** `${col}|${key}` → the first row where the key occurs in that column. */
  readonly firstRow = new Map<string, number>();
  /** `${col}|${key}` → how many rows hold the key in that column. */
  readonly occurrences = new Map<string, number>();
  /** Column → distinct item MA keys / GM keys found in it. */
  readonly maHits = new Map<number, Set<string>>();
  readonly gmHits = new Map<number, Set<string>>();
  /** Retained rows by row number. */
  readonly rows = new Map<number, PriceCell[]>();
  cellCount = 0;
  /**
   * Check mode only (DESIGN §11): `${col}|${key}` → the later rows holding the key (at most
   * REPEATS_KEPT, kept in `rows` too, but only their cells in `repeatColumns` and the key's own
   * cell), for `ambiguous-price`; and column → cells that look like a
   * code Excel turned into `4.6E+12` (at most DAMAGED_KEPT a column), for `damaged-code`.
   */
  readonly repeatRows?: Map<string, number[]>;
  readonly damaged?: Map<number, DamagedCell[]>;
  /** Check mode: the columns with a cell whose formula has no computed value, for `formula-no-value`. */
  readonly formulaColumns?: Set<number>;
  /**
   * Sharing (price-share.ts): the damaged-looking cells of every column are kept whether or not
   * they hold an item key (with the key: some tasks of the batch have it, others not), up to
   * DAMAGED_KEPT that no task can have (`firm`); a column with more unsure ones is `full`.
   */
  readonly sharing?: { firm: Map<number, number>; full: Set<number>; unordered: boolean; lastCol: number };

  private n = 0;
  private readonly cols: number[] = [];
  private readonly kinds: CellKind[] = [];
  /** A row's cells as positions (see RawSheetSink): strings are cut only for rows kept. */
  private readonly strs: string[] = [];
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly styles: number[] = [];
  private hitCount = 0;
  private readonly hitCols: number[] = [];
  private readonly hitKeys: string[] = [];
  private readonly hitBits: number[] = [];

  /**
   * @param keyKinds normalised item key → KEY_MA | KEY_GM bits
   * @param sharedKeys shared-string index → its normalised text, only for strings that are keys
   * @param keyColumns the only columns a lookup will use (both key columns set in the rules), or
   *   undefined when a key column is to be detected and every column counts. With them, a row is
   *   read only up to its last key column unless it holds a key (cells come in column order).
   * @param repeatColumns check mode (DESIGN §11) when set: the columns whose cells a later row
   *   with a known key keeps (the mapped price columns), so a price list with a row per warehouse
   *   is not kept whole; rows holding a key's first occurrence are kept whole as always.
   */
  constructor(
    private readonly keyKinds: ReadonlyMap<string, number>,
    private readonly sharedKeys: ReadonlyMap<number, string>,
    private readonly maxKeyLength = Infinity,
    private readonly keyColumns?: ReadonlySet<number>,
    private readonly filter?: KeyFilter,
    repeatColumns?: ReadonlySet<number>,
    sharing = false,
  ) {
    if (sharing) this.sharing = { firm: new Map(), full: new Set(), unordered: false, lastCol: 0 };
    if (repeatColumns) {
      this.repeatRows = new Map();
      this.damaged = new Map();
      this.formulaColumns = new Set();
      this.isRepeatColumn = new Uint8Array(Math.max(0, ...repeatColumns) + 1);
      for (const c of repeatColumns) if (c > 0) this.isRepeatColumn[c] = 1;
    }
    this.lastKeyColumn = keyColumns ? Math.max(...keyColumns) : Infinity;
    if (keyColumns) {
      this.isKeyColumn = new Uint8Array(this.lastKeyColumn + 1);
      for (const c of keyColumns) this.isKeyColumn[c] = 1;
    }
  }

  private readonly lastKeyColumn: number;
  /** isKeyColumn[col] === 1 for the key columns; undefined: every column may hold keys. */
  private readonly isKeyColumn?: Uint8Array;
  /** Check mode: isRepeatColumn[col] === 1 for the columns a later row keeps. */
  private readonly isRepeatColumn?: Uint8Array;

  cell(row: number, col: number, kind: CellKind, s: string, start: number, end: number, style: number): boolean {
    if (this.sharing !== undefined) this.seeColumn(col);
    // An empty number/shared cell is no cell (cellRaw → null); only the first one found is checked.
    if (this.cellCount === 0 && cellRaw(kind, s, start, end) === null) return false;
    const i = this.n++;
    this.cols[i] = col;
    this.kinds[i] = kind;
    this.strs[i] = s;
    this.starts[i] = start;
    this.ends[i] = end;
    this.styles[i] = style;
    this.cellCount++;

    if (this.isKeyColumn === undefined || this.isKeyColumn[col] === 1) {
      const key = this.keyOf(kind, s, start, end);
      const bits = key === undefined || key === '' ? undefined : this.keyKinds.get(key);
      if (bits !== undefined) {
        const h = this.hitCount++;
        this.hitCols[h] = col;
        this.hitKeys[h] = key!;
        this.hitBits[h] = bits;
        if (this.sharing !== undefined) this.watchDamaged(row, col, kind, s, start, end, key, key);
      } else if (this.damaged !== undefined) {
        this.watchDamaged(row, col, kind, s, start, end, key);
      }
    }
    return col >= this.lastKeyColumn && this.hitCount === 0;
  }

  /** The cell's normalised key (DESIGN §5.2) where it may be an item's; undefined otherwise. */
  private keyOf(kind: CellKind, s: string, start: number, end: number): string | undefined {
    if (kind === CellKind.shared) {
      // Plain digits, the usual `<v>123</v>`, need no string; anything else goes the long way.
      let n = 0;
      let i = start;
      for (; i < end; i++) {
        const c = s.charCodeAt(i);
        if (c < 48 || c > 57) break;
        n = n * 10 + c - 48;
      }
      if (start >= 0 && i === end && end > start && end - start < 16) return this.sharedKeys.get(n);
      const raw = cellRaw(kind, s, start, end);
      return raw === null ? undefined : this.sharedKeys.get(+raw);
    }
    if (kind === CellKind.number) {
      // All-digit numbers, most of them, are judged without a string: with no leading zero a
      // number is its own key, and the filter knows every key's hash (leading zeros dropped).
      if (start >= 0 && end > start && isDigits(s, start, end)) {
        if (end - start > this.maxKeyLength && s.charCodeAt(start) !== 48) return undefined;
        if (this.filter && !this.filter.mayBeKeyChars(s, start, end)) return undefined;
      }
      const raw = cellRaw(kind, s, start, end);
      if (raw === null) return undefined;
      const key = numberKey(raw);
      return key.length > this.maxKeyLength ? undefined : key;
    }
    if (kind === CellKind.string) {
      const raw = cellRaw(kind, s, start, end)!;
      return mayBeKey(raw, this.maxKeyLength) ? normalizeKey(raw) : undefined;
    }
    return undefined;
  }

  rowEnd(row: number): void {
    if (this.hitCount > 0) this.recordHits(row);
    // Let go of the pieces of XML the row's cells pointed into: a stale slot would keep a 64 KB
    // piece alive through young-generation GCs, and promoted garbage grows the heap with the rows.
    for (let i = 0; i < this.n; i++) this.strs[i] = '';
    this.n = 0;
    this.hitCount = 0;
    if (this.sharing !== undefined) this.sharing.lastCol = 0;
  }

  /** Sharing: notes a row whose cells do not come in column order (a task with set key columns would skip some). */
  private seeColumn(col: number): void {
    const sharing = this.sharing!;
    if (col <= sharing.lastCol) sharing.unordered = true;
    sharing.lastCol = col;
  }

  private recordHits(row: number): void {
    // Whole: the row holds some key's first occurrence (a lookup may return it). Repeat: only
    // later occurrences the check keeps, so only the cells it compares are needed.
    let whole = false;
    let repeat = false;
    for (let h = 0; h < this.hitCount; h++) {
      const col = this.hitCols[h];
      const key = detach(this.hitKeys[h]);
      const pair = `${col}|${key}`;
      const seen = this.occurrences.get(pair) ?? 0;
      this.occurrences.set(pair, seen + 1);
      if (seen === 0) {
        this.firstRow.set(pair, row);
        whole = true;
        if (this.hitBits[h] & KEY_MA) addTo(this.maHits, col, key);
        if (this.hitBits[h] & KEY_GM) addTo(this.gmHits, col, key);
      } else if (this.repeatRows !== undefined && seen <= REPEATS_KEPT) {
        const later = this.repeatRows.get(pair);
        if (later) later.push(row);
        else this.repeatRows.set(pair, [row]);
        repeat = true;
      }
    }
    if (!whole && !repeat) return;
    const cells: PriceCell[] = [];
    for (let i = 0; i < this.n; i++) {
      const col = this.cols[i];
      if (!whole && this.isRepeatColumn![col] !== 1 && !this.isHitColumn(col)) continue;
      const raw = cellRaw(this.kinds[i], this.strs[i], this.starts[i], this.ends[i]);
      if (raw !== null) cells.push({ col, kind: this.kinds[i], raw: detach(raw), style: this.styles[i] });
    }
    this.rows.set(row, cells);
  }

  /** The row being recorded holds a key of some item in `col`. */
  private isHitColumn(col: number): boolean {
    for (let h = 0; h < this.hitCount; h++) if (this.hitCols[h] === col) return true;
    return false;
  }

  formulaWithoutValue(_row: number, col: number): void {
    if (this.sharing !== undefined) this.seeColumn(col);
    this.formulaColumns?.add(col);
  }

  /** Check mode: remembers a cell that is no item's key but reads like a code in exponent form. */
  private watchDamaged(row: number, col: number, kind: CellKind, s: string, start: number, end: number, key: string | undefined, hitKey?: string): void {
    let damaged: boolean;
    if (kind === CellKind.number) damaged = hasExponent(s, start, end);
    else if (kind === CellKind.shared) damaged = key !== undefined && looksLikeExponent(key);
    else if (kind === CellKind.string) damaged = mayStartNumber(s, start) && looksLikeExponent(cellRaw(kind, s, start, end) ?? '');
    else return;
    if (!damaged) return;
    let cells = this.damaged!.get(col);
    if (!cells) this.damaged!.set(col, (cells = []));
    const raw = cellRaw(kind, s, start, end);
    if (raw === null) return;
    if (this.sharing === undefined) {
      if (cells.length < DAMAGED_KEPT) cells.push({ row, cell: { col, kind, raw: detach(raw), style: 0 } });
      return;
    }
    // A shared string's cell is unsure too: whether a task's own scan took its text for a code
    // depends on that task's keys (shared-view.ts).
    const { firm, full } = this.sharing;
    const firmCount = firm.get(col) ?? 0;
    if (firmCount >= DAMAGED_KEPT || full.has(col)) return;
    if (cells.length >= DAMAGED_SHARED_MAX) {
      full.add(col);
      return;
    }
    cells.push(hitKey === undefined ? { row, cell: { col, kind, raw: detach(raw), style: 0 } } : { row, cell: { col, kind, raw: detach(raw), style: 0 }, key: hitKey });
    if (hitKey === undefined && kind !== CellKind.shared) firm.set(col, firmCount + 1);
  }

  detectKeyColumn(kind: typeof KEY_MA | typeof KEY_GM): number {
    let best = 0;
    let bestCount = 0;
    for (const [col, keys] of kind === KEY_MA ? this.maHits : this.gmHits) {
      if (keys.size > bestCount || (keys.size === bestCount && col < best)) {
        best = col;
        bestCount = keys.size;
      }
    }
    return best;
  }

  lookup(col: number, key: string): number | undefined {
    return lookupIn(this.firstRow, col, key);
  }

  cellsOf(row: number): readonly PriceCell[] | undefined {
    return this.rows.get(row);
  }

  repeatsOf(col: number, key: string): readonly number[] {
    return this.repeatRows?.get(`${col}|${key}`) ?? [];
  }

  damagedIn(col: number): readonly DamagedCell[] {
    return this.damaged?.get(col) ?? [];
  }

  duplicatesIn(col: number, keys: Iterable<string>): number {
    return duplicatesIn(this.occurrences, col, keys);
  }
}

export function lookupIn(firstRow: ReadonlyMap<string, number>, col: number, key: string): number | undefined {
  if (col <= 0 || key === '') return undefined;
  return firstRow.get(`${col}|${key}`);
}

export function duplicatesIn(occurrences: ReadonlyMap<string, number>, col: number, keys: Iterable<string>): number {
  if (col <= 0) return 0;
  let dup = 0;
  for (const key of keys) {
    const n = occurrences.get(`${col}|${key}`) ?? 0;
    if (n > 1) dup += n - 1;
  }
  return dup;
}

function addTo(map: Map<number, Set<string>>, col: number, key: string): void {
  let set = map.get(col);
  if (!set) map.set(col, (set = new Set()));
  set.add(key);
}

/** A text cell that could read as a number: its first char is a digit, a sign or a space (most texts are not: no decoding for them). */
function mayStartNumber(s: string, start: number): boolean {
  const c = s.charCodeAt(start < 0 ? 0 : start);
  return (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 32 || c === 9;
}

/** s[start, end) is digits only. */
function isDigits(s: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
