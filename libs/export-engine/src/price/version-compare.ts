import { JUMP_BUCKET_MAX, type DiffValue } from '@app/contracts';
import type { Key } from './cell-digits';
import { Cell, type VersionTable } from './version-table';

/** A compared column: its number in the settings, its header, and its slot in each version's table (-1: not read there). */
export interface ComparedColumn {
  column: number;
  header: string;
  before: number;
  after: number;
}

/** One value that differs, by row of each table and index into the compared columns. */
export interface RowChange {
  afterRow: number;
  beforeRow: number;
  column: number;
}

/** Where a row of a version stands in the match. */
const SKIPPED = -2;
const UNMATCHED = -1;
/** beforeState: matched by an after row. */
const MATCHED = 1;

/**
 * Two versions' rows matched by code as an export finds an item's row (DESIGN §5.3): by the MA
 * key, and the rows left over by the GM key; within a version the first row of a code counts and
 * later ones are duplicates. Rows whose key cells normalise to nothing hold no code and are not
 * counted. One map of the older version's MA keys does most of the work: the GM keys are looked
 * at only for the rows the MA keys left unmatched (and rows without an MA code).
 */
export class VersionMatch {
  /** After row → its before row, UNMATCHED (added) or SKIPPED (no code, duplicate). */
  readonly partner: Int32Array;
  /** Before row → MATCHED once an after row matched it, SKIPPED for no code or a duplicate, else 0. */
  readonly beforeState: Int8Array;
  rowsBefore = 0;
  rowsAfter = 0;
  duplicatesBefore = 0;
  duplicatesAfter = 0;
  matched = 0;
  added = 0;
  removed = 0;

  constructor(readonly before: VersionTable, readonly after: VersionTable) {
    this.beforeState = new Int8Array(before.count);
    this.partner = new Int32Array(after.count);
    const byMa = this.indexBefore();
    const byGmOnly = new Set<Key>();
    // First by MA: the after rows left for the GM keys wait in `pending`.
    const pending: number[] = [];
    const addedMa = new Set<Key>();
    for (let j = 0; j < after.count; j++) {
      const ma = after.maKey(j);
      if (ma !== '') {
        this.rowsAfter++;
        const i = byMa.get(ma);
        if (i !== undefined ? this.beforeState[i] === MATCHED : addedMa.has(ma)) {
          this.duplicatesAfter++;
          this.partner[j] = SKIPPED;
        } else if (i !== undefined) {
          this.pair(i, j);
        } else {
          addedMa.add(ma);
          pending.push(j);
        }
        continue;
      }
      const gm = after.gmKey(j);
      if (gm === '') {
        this.partner[j] = SKIPPED;
        continue;
      }
      this.rowsAfter++;
      if (byGmOnly.has(gm)) {
        this.duplicatesAfter++;
        this.partner[j] = SKIPPED;
      } else {
        byGmOnly.add(gm);
        pending.push(j);
      }
    }
    // Then by GM, among the older rows no MA key matched.
    const byGm = new Map<Key, number>();
    if (pending.length > 0) {
      for (let i = 0; i < before.count; i++) {
        if (this.beforeState[i] !== 0) continue;
        const gm = before.gmKey(i);
        if (gm !== '' && !byGm.has(gm)) byGm.set(gm, i);
      }
    }
    for (const j of pending) {
      const gm = after.gmKey(j);
      const i = gm === '' ? undefined : byGm.get(gm);
      if (i !== undefined && this.beforeState[i] === 0) this.pair(i, j);
      else {
        this.partner[j] = UNMATCHED;
        this.added++;
      }
    }
    for (let i = 0; i < before.count; i++) if (this.beforeState[i] === 0) this.removed++;
  }

  /** The older version's first row of each MA key; its duplicates and rows without a code are SKIPPED. */
  private indexBefore(): Map<Key, number> {
    const { before } = this;
    const byMa = new Map<Key, number>();
    const byGmOnly = new Set<Key>();
    for (let i = 0; i < before.count; i++) {
      const ma = before.maKey(i);
      let duplicate: boolean;
      if (ma !== '') {
        duplicate = byMa.has(ma);
        if (!duplicate) byMa.set(ma, i);
      } else {
        const gm = before.gmKey(i);
        if (gm === '') {
          this.beforeState[i] = SKIPPED;
          continue;
        }
        duplicate = byGmOnly.has(gm);
        byGmOnly.add(gm);
      }
      this.rowsBefore++;
      if (duplicate) {
        this.duplicatesBefore++;
        this.beforeState[i] = SKIPPED;
      }
    }
    return byMa;
  }

  private pair(i: number, j: number): void {
    this.beforeState[i] = MATCHED;
    this.partner[j] = i;
    this.matched++;
  }

  isAdded(j: number): boolean {
    return this.partner[j] === UNMATCHED;
  }

  isRemoved(i: number): boolean {
    return this.beforeState[i] === 0;
  }

  /** Each changed value, in the newer version's row order and the columns' order. */
  *changes(columns: readonly ComparedColumn[]): Generator<RowChange> {
    for (let j = 0; j < this.after.count; j++) {
      const i = this.partner[j];
      if (i < 0) continue;
      for (let c = 0; c < columns.length; c++) {
        const { before, after } = columns[c];
        if (before >= 0 && after >= 0 && !sameValue(this.before, before, i, this.after, after, j)) yield { afterRow: j, beforeRow: i, column: c };
      }
    }
  }
}

/** Two doubles read from two files that mean one price (a recalculated formula may differ in its last bits). */
function sameNumber(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

const TEXT_KINDS = new Set<number>([Cell.text, Cell.shared, Cell.error, Cell.numberText, Cell.integer, Cell.digits]);

/**
 * Whether two cells hold the same value: numbers nearly equal, dates to the second, texts equal
 * once trimmed, and a date the same as its `dd.mm.yyyy` text (a CSV keeps dates as text). A
 * number and a text differ: the supplier changed how the column is written.
 */
export function sameValue(a: VersionTable, slotA: number, i: number, b: VersionTable, slotB: number, j: number): boolean {
  const ka = a.kinds[slotA][i];
  const kb = b.kinds[slotB][j];
  if (ka === Cell.empty || kb === Cell.empty) return ka === kb;
  const na = a.nums[slotA][i];
  const nb = b.nums[slotB][j];
  if (ka === Cell.number && kb === Cell.number) return sameNumber(na, nb);
  if (ka === Cell.date && kb === Cell.date) return Math.abs(na - nb) < 1 / 86_400;
  if (ka === Cell.boolean && kb === Cell.boolean) return na === nb;
  // Two codes of digits only, kept as numbers (shared-strings-picker): no text made to compare them.
  const da = a.digitLength(slotA, i);
  const db = b.digitLength(slotB, j);
  if (da > 0 && db > 0) return da === db && a.digitValue(slotA, i) === b.digitValue(slotB, j);
  if (TEXT_KINDS.has(ka) && TEXT_KINDS.has(kb)) return a.textOf(slotA, i).trim() === b.textOf(slotB, j).trim();
  if (ka === Cell.date && TEXT_KINDS.has(kb)) return dateText(na) === b.textOf(slotB, j).trim();
  if (kb === Cell.date && TEXT_KINDS.has(ka)) return dateText(nb) === a.textOf(slotA, i).trim();
  return false;
}

/** A cell as the diff's JSON shows it (DiffValue). */
export function diffValue(t: VersionTable, slot: number, i: number): DiffValue {
  const k = t.kinds[slot][i];
  const n = t.nums[slot][i];
  switch (k) {
    case Cell.empty:
      return null;
    case Cell.number:
      return n;
    case Cell.date:
      return dateText(n);
    case Cell.boolean:
      return n === 1 ? 'ИСТИНА' : 'ЛОЖЬ';
    default:
      return t.textOf(slot, i);
  }
}

/** The number a cell holds when it is a plain number (no date, no text); undefined otherwise. */
export function numberIn(t: VersionTable, slot: number, i: number): number | undefined {
  return t.kinds[slot][i] === Cell.number ? t.nums[slot][i] : undefined;
}

/** (now − was) / |was| in percent, one decimal; null unless both are numbers and `was` is not 0. */
export function changePct(was: number | undefined, now: number | undefined): number | null {
  if (was === undefined || now === undefined || was === 0) return null;
  return Math.round(((now - was) / Math.abs(was)) * 1000) / 10;
}

/**
 * How far a value jumped, measured as a rise is (a fall to ½ is 100 %, as a rise to 2× is), and
 * which way; undefined for no jump to measure (equal, not both numbers, a negative one). From or to
 * 0 is infinitely far.
 */
export function jumpOf(was: number | undefined, now: number | undefined): { pct: number; up: boolean } | undefined {
  if (was === undefined || now === undefined || was < 0 || now < 0 || was === now) return undefined;
  if (now > was) return { pct: was === 0 ? Infinity : (now / was - 1) * 100, up: true };
  return { pct: now === 0 ? Infinity : (was / now - 1) * 100, up: false };
}

/** The DiffJumps bucket of a jump: b holds (b, b + 1] percent; JUMP_BUCKET_MAX all above. */
export function jumpBucket(pct: number): number {
  if (!Number.isFinite(pct)) return JUMP_BUCKET_MAX;
  // Rounded first, so 0.1 → 0.3 (a float's 200.00000000000006 %) is the 200 % it means.
  const rounded = Math.round(pct * 1e6) / 1e6;
  return Math.max(0, Math.min(JUMP_BUCKET_MAX, Math.ceil(rounded) - 1));
}

/** A serial day (1900 system) as `dd.mm.yyyy`, with `hh:mm` when it has a time of day. */
export function dateText(serial: number): string {
  const d = new Date(Math.round((serial - 25_569) * 86_400_000));
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
  return d.getUTCHours() === 0 && d.getUTCMinutes() === 0 ? day : `${day} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}
