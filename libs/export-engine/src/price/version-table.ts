import { CellKind, cellRaw, type RawSheetSink } from '../package/sheet-reader';
import { readCellFormats, type CellFormats } from '../package/styles-reader';
import { NO_PICKED_STRINGS, pickedText, type PickedStrings } from '../package/shared-strings-picker';
import { formatNumber } from '../package/cell-value';
import { asKey, digitRun, plainDecimal, sharedIndex, textKey, type Key } from './cell-digits';
import { detach, numberKey } from './key-normalizer';
import { toPriceValue } from './price-value';

/** How a kept cell reads (`kind` of a slot); `num` and the table's `texts` hold the value. */
export const Cell = {
  empty: 0,
  number: 1,
  /** A calendar date: `num` is its serial day (1900 system). */
  date: 2,
  /** `num` indexes `texts`. */
  text: 3,
  /** A shared string: `num` is its index in the workbook's table, resolved by `finish`. */
  shared: 4,
  boolean: 5,
  /** An error value (`#N/A`): `num` indexes `texts`. */
  error: 6,
  /** A key column's number, as written (`num` indexes `texts`): its key is numberKey of the text. */
  numberText: 7,
  /** A key column's whole number of at most 15 digits, `num` itself: its key is its digits. */
  integer: 8,
  /** A text of digits only (a code such as `0031000`): `num` its value, `lengths[slot][i]` its length (cell-digits.ts). */
  digits: 9,
} as const;

/** Which columns of a version are read: the key columns (0 = none) and the compared value columns. */
export interface TableColumns {
  ma: number;
  gm: number;
  values: readonly number[];
}

const INITIAL_ROWS = 1024;

/**
 * One version of a price list as a diff reads it (DESIGN §16), in one pass of the sheet (or CSV)
 * scanner: of each row below the header that has a code in a key column, only the cells of the
 * key and compared columns, kept column-wise in typed arrays — a kind byte and a number per cell,
 * texts in one array. So 100,000 rows of seven columns are ~7 MB, not 700,000 objects. A
 * workbook's shared strings are kept as their indices (`wanted` marks them) until `finish` is
 * given their texts, so the string table is read once and only in part.
 */
export class VersionTable implements RawSheetSink {
  /** Rows kept (rows with a code). */
  count = 0;
  readonly kinds: Uint8Array[];
  readonly nums: Float64Array[];
  /** Per slot, made when it first holds a Cell.digits: each such cell's length. */
  readonly lengths: (Uint8Array | undefined)[];
  texts: string[] = [];
  /** Slot of each key column, -1 when not read. */
  readonly maSlot: number;
  readonly gmSlot: number;
  /** Slot of each compared value column, in TableColumns.values order. */
  readonly valueSlots: number[];
  /** wanted[i] === 1: shared string i is read by some kept cell. */
  wanted = new Uint8Array(1024);
  maxShared = -1;

  private capacity = INITIAL_ROWS;
  /** slotOf[col] = slot + 1, 0 for a column not read. */
  private readonly slotOf: Int32Array;
  private readonly lastCol: number;
  private readonly isKeySlot: Uint8Array;
  private rowHasKey = false;
  private rowTexts = 0;
  private shared: PickedStrings = NO_PICKED_STRINGS;

  constructor(
    readonly columns: TableColumns,
    private readonly headerRow: number,
    private readonly formats: CellFormats,
    private readonly dateOffset: number,
  ) {
    const distinct = [...new Set([columns.ma, columns.gm, ...columns.values].filter((c) => c > 0))];
    this.lastCol = Math.max(0, ...distinct);
    this.slotOf = new Int32Array(this.lastCol + 1);
    distinct.forEach((c, slot) => (this.slotOf[c] = slot + 1));
    this.kinds = distinct.map(() => new Uint8Array(INITIAL_ROWS));
    this.nums = distinct.map(() => new Float64Array(INITIAL_ROWS));
    this.lengths = distinct.map(() => undefined);
    this.maSlot = columns.ma > 0 ? this.slotOf[columns.ma] - 1 : -1;
    this.gmSlot = columns.gm > 0 ? this.slotOf[columns.gm] - 1 : -1;
    this.valueSlots = columns.values.map((c) => (c > 0 ? this.slotOf[c] - 1 : -1));
    this.isKeySlot = new Uint8Array(distinct.length);
    if (this.maSlot >= 0) this.isKeySlot[this.maSlot] = 1;
    if (this.gmSlot >= 0) this.isKeySlot[this.gmSlot] = 1;
  }

  cell(row: number, col: number, kind: CellKind, s: string, start: number, end: number, style: number): boolean {
    if (row <= this.headerRow || col > this.lastCol) return true;
    const slot = this.slotOf[col] - 1;
    if (slot < 0) return false;
    const i = this.count;
    const key = this.isKeySlot[slot] === 1;
    let k: number = Cell.empty;
    let n = 0;
    if (kind === CellKind.shared) {
      const index = sharedIndex(s, start, end);
      if (index >= 0) {
        k = Cell.shared;
        n = index;
        this.want(index);
      }
    } else if (kind === CellKind.number) {
      // Most numbers are plain decimals: read from the chars, with no string made for them.
      const v = start >= 0 ? plainDecimal(s, start, end) : NaN;
      if (key && v === v && Number.isInteger(v) && v >= 0) {
        k = Cell.integer;
        n = v;
      } else if (!key && v === v) {
        k = this.formats.isCalendarDate(style, v) ? Cell.date : Cell.number;
        n = k === Cell.date ? v + this.dateOffset : v;
      } else {
        const raw = cellRaw(kind, s, start, end);
        if (raw !== null) {
          if (key) {
            k = Cell.numberText;
            n = this.text(raw);
          } else {
            const parsed = Number(raw);
            if (Number.isFinite(parsed)) {
              k = this.formats.isCalendarDate(style, parsed) ? Cell.date : Cell.number;
              n = k === Cell.date ? parsed + this.dateOffset : parsed;
            } else {
              k = Cell.text;
              n = this.text(raw);
            }
          }
        }
      }
    } else if (kind === CellKind.string) {
      const digits = start >= 0 ? digitRun(s, start, end) : -1;
      if (digits >= 0) {
        k = Cell.digits;
        n = digits;
        this.lengthsOf(slot)[i] = end - start;
      } else {
        const raw = cellRaw(kind, s, start, end);
        if (raw !== null && raw.trim() !== '') {
          k = Cell.text;
          n = this.text(raw);
        }
      }
    } else {
      [k, n] = this.rareCell(kind, s, start, end, style);
    }
    this.kinds[slot][i] = k;
    this.nums[slot][i] = n;
    if (key && k !== Cell.empty) this.rowHasKey = true;
    return col >= this.lastCol;
  }

  rowEnd(): void {
    if (this.rowHasKey) {
      if (++this.count === this.capacity) this.grow();
    } else {
      for (const kinds of this.kinds) kinds[this.count] = Cell.empty;
      this.texts.length = this.rowTexts;
    }
    this.rowHasKey = false;
    this.rowTexts = this.texts.length;
  }

  /** Booleans, errors and ISO dates: read as an export reads them (rare in a price list). */
  private rareCell(kind: CellKind, s: string, start: number, end: number, style: number): [number, number] {
    const raw = cellRaw(kind, s, start, end);
    if (raw === null) return [Cell.empty, 0];
    const value = toPriceValue({ col: 0, kind, raw, style }, new Map(), this.formats, this.dateOffset);
    if (!value) return [Cell.empty, 0];
    switch (value.type) {
      case 'boolean':
        return [Cell.boolean, value.value ? 1 : 0];
      case 'error':
        return [Cell.error, this.text(value.value)];
      case 'date':
        return [Cell.date, value.value];
      case 'number':
        return [Cell.number, value.value];
      default:
        return value.value.trim() === '' ? [Cell.empty, 0] : [Cell.text, this.text(value.value)];
    }
  }

  private text(raw: string): number {
    this.texts.push(detach(raw));
    return this.texts.length - 1;
  }

  private lengthsOf(slot: number): Uint8Array {
    return (this.lengths[slot] ??= new Uint8Array(this.capacity));
  }

  private want(index: number): void {
    if (index >= this.wanted.length) {
      const bigger = new Uint8Array(Math.max(index + 1, this.wanted.length * 2));
      bigger.set(this.wanted);
      this.wanted = bigger;
    }
    this.wanted[index] = 1;
    if (index > this.maxShared) this.maxShared = index;
  }

  private grow(): void {
    this.capacity *= 2;
    for (let slot = 0; slot < this.kinds.length; slot++) {
      const kinds = new Uint8Array(this.capacity);
      kinds.set(this.kinds[slot]);
      this.kinds[slot] = kinds;
      const nums = new Float64Array(this.capacity);
      nums.set(this.nums[slot]);
      this.nums[slot] = nums;
      const lengths = this.lengths[slot];
      if (lengths) (this.lengths[slot] = new Uint8Array(this.capacity)).set(lengths);
    }
  }

  /** A table as a snapshot kept it (version-snapshot.ts): its shared strings already texts. */
  static restored(columns: TableColumns, count: number, kinds: Uint8Array[], nums: Float64Array[], lengths: Uint8Array[], texts: string[]): VersionTable {
    const table = new VersionTable(columns, 0, readCellFormats(undefined), 0);
    if (kinds.length !== table.kinds.length) throw new Error('a snapshot of other columns');
    table.count = count;
    kinds.forEach((k, slot) => (table.kinds[slot] = k));
    nums.forEach((n, slot) => (table.nums[slot] = n));
    lengths.forEach((l, slot) => (table.lengths[slot] = l));
    table.texts = texts;
    table.finish(NO_PICKED_STRINGS);
    return table;
  }

  /** After the scan: the shared strings the cells use (by index; the others may be missing). */
  finish(shared: PickedStrings): void {
    this.shared = shared;
    this.wanted = new Uint8Array(0);
  }

  /**
   * Row i's MA code as an export matches it (DESIGN §5.2): the normalised key, as a number when it
   * is digits only (at most 15 once leading zeros are dropped), so the many numeric codes of a list
   * are matched without a string each; '' when the row has none.
   */
  maKey(i: number): Key {
    return this.keyIn(this.maSlot, i);
  }

  gmKey(i: number): Key {
    return this.keyIn(this.gmSlot, i);
  }

  private keyIn(slot: number, i: number): Key {
    if (slot < 0) return '';
    const n = this.nums[slot][i];
    switch (this.kinds[slot][i]) {
      case Cell.integer:
        return n;
      case Cell.numberText:
        return asKey(numberKey(this.texts[n]));
      case Cell.text:
        return textKey(this.texts[n]);
      case Cell.digits:
        return n;
      case Cell.shared:
        return this.shared.digitLengths[n] > 0 ? this.shared.digitValues[n] : textKey(this.shared.texts[n] ?? '');
      default:
        return '';
    }
  }

  /** A text of digits only in this cell (Cell.digits, or a shared string picked as one): its length; 0 otherwise. */
  digitLength(slot: number, i: number): number {
    const k = this.kinds[slot][i];
    if (k === Cell.digits) return this.lengths[slot]![i];
    return k === Cell.shared ? this.shared.digitLengths[this.nums[slot][i]] : 0;
  }

  /** The number of a cell digitLength says is digits only. */
  digitValue(slot: number, i: number): number {
    const n = this.nums[slot][i];
    return this.kinds[slot][i] === Cell.digits ? n : this.shared.digitValues[n];
  }

  /** The text of a text, shared-string, error or key cell ('' for other kinds). */
  textOf(slot: number, i: number): string {
    const k = this.kinds[slot][i];
    const n = this.nums[slot][i];
    if (k === Cell.shared) return pickedText(this.shared, n) ?? '';
    if (k === Cell.text || k === Cell.error || k === Cell.numberText) return this.texts[n];
    if (k === Cell.digits) return String(n).padStart(this.lengths[slot]![i], '0');
    return k === Cell.integer ? formatNumber(n) : '';
  }

  /** The row's code as the file writes it: its MA code, else its GM code (a number without `.0` or exponent). */
  codeOf(i: number): string {
    for (const slot of [this.maSlot, this.gmSlot]) {
      if (slot < 0) continue;
      const kind = this.kinds[slot][i];
      if (kind === Cell.integer) return formatNumber(this.nums[slot][i]);
      const text = this.textOf(slot, i).trim();
      if (text !== '') return kind === Cell.numberText ? numberKey(text) : text;
    }
    return '';
  }
}

