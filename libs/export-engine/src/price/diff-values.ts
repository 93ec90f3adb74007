import { JUMP_BUCKET_MAX, type DiffValue } from '@app/contracts';
import { Cell, type VersionTable } from './version-table';

/** Two versions' cells compared, shown and measured as the diff's JSON and workbook say them (DESIGN §16). */

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
