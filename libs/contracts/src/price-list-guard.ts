/**
 * DESIGN §16 «guard»: whether a new version of a price list is held, judged from its diff with the
 * current one. Pure and shared: the worker holds a version with it, and the web app can say what a
 * change of the thresholds would hold.
 */
import { columnLetter } from './normalize';
import { PRICE_GUARD } from './price-list-messages';
import { GUARD_DEFAULTS, JUMP_CODES_PCT, type DiffChange, type DiffValue, type GuardThresholds, type HoldReason, type PriceListDiff } from './price-list.contract';

const wholeNumber = new Intl.NumberFormat('ru-RU');
const decimalNumber = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 6 });
const percentOne = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });
const percentTwo = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** A count as Russian users read it: `100 000` (a no-break space between thousands). */
export function groupDigits(n: number): string {
  return wholeNumber.format(n);
}

/** A compared value in a message: a number with two decimals at least (`12 050,00`), a text as it is. */
export function formatDiffValue(value: DiffValue): string {
  if (value === null) return PRICE_GUARD.empty;
  return typeof value === 'number' ? decimalNumber.format(value) : value;
}

/** A percentage past a threshold: one decimal, or two where one would read as the threshold itself (`20,04`, not `20`). */
function formatPastThreshold(pct: number, threshold: number): string {
  const one = percentOne.format(pct);
  return Math.round(pct * 10) / 10 <= threshold ? percentTwo.format(pct) : one;
}

const FOLD_WORDS: Record<number, string> = { 2: 'вдвое', 3: 'втрое', 4: 'вчетверо', 5: 'впятеро', 6: 'вшестеро', 7: 'всемеро', 8: 'ввосьмеро', 9: 'вдевятеро', 10: 'вдесятеро' };

/** How much a jump of more than `maxJumpPct` is, as the message says it: 100 → `вдвое`, 50 → `в 1,5 раза`, 1900 → `в 20 раз`. */
export function jumpFactorText(maxJumpPct: number): string {
  const factor = Math.round((1 + maxJumpPct / 100) * 1000) / 1000;
  if (FOLD_WORDS[factor]) return FOLD_WORDS[factor];
  const n = percentTwo.format(factor);
  const whole = Number.isInteger(factor);
  const few = !whole || (factor % 10 >= 2 && factor % 10 <= 4 && (factor % 100 < 12 || factor % 100 > 14));
  return `в ${n} ${few ? 'раза' : 'раз'}`;
}

/** How many codes of a DiffJumps histogram jumped by more than `pct` percent (bucket b holds (b, b + 1]). */
export function jumpsAbove(histogram: Readonly<Record<string, number>>, pct: number): number {
  const from = Math.ceil(pct);
  let n = 0;
  for (const [bucket, count] of Object.entries(histogram)) if (Number(bucket) >= from) n += count;
  return n;
}

function example(change: DiffChange): string {
  return `${change.code}: ${formatDiffValue(change.was)} → ${formatDiffValue(change.now)}`;
}

/**
 * The reasons to hold the version the diff describes, in the order DESIGN §16 lists them; none
 * when it is within every threshold. `rows-dropped`: the rows with a code fell by more than
 * maxRowDropPct; `many-changed`: more than maxChangedPct of the codes in both versions changed a
 * value; `price-jump`: more than JUMP_CODES_PCT of them have a value that rose or fell by more than
 * maxJumpPct (one reason for the rises, one for the falls); `column-missing`: a compared column's
 * header is gone or moved.
 */
/** A list's thresholds as stored (a part of them, or none) with the defaults filled in. */
export function guardThresholdsOf(stored: Partial<GuardThresholds> | null | undefined): GuardThresholds {
  return { ...GUARD_DEFAULTS, ...stored };
}

export function guardVersion(diff: PriceListDiff, thresholds: GuardThresholds = GUARD_DEFAULTS): HoldReason[] {
  const reasons: HoldReason[] = [];
  const { rowsBefore, rowsAfter, matched } = diff;
  if (rowsBefore > 0 && rowsAfter < rowsBefore) {
    const drop = ((rowsBefore - rowsAfter) / rowsBefore) * 100;
    if (drop > thresholds.maxRowDropPct) {
      reasons.push({ code: 'rows-dropped', message: PRICE_GUARD.rowsDropped(formatPastThreshold(drop, thresholds.maxRowDropPct), groupDigits(rowsBefore), groupDigits(rowsAfter)) });
    }
  }
  if (matched > 0) {
    const changed = (diff.changedCodes / matched) * 100;
    if (changed > thresholds.maxChangedPct) {
      reasons.push({ code: 'many-changed', message: PRICE_GUARD.manyChanged(formatPastThreshold(changed, thresholds.maxChangedPct), groupDigits(diff.changedCodes), groupDigits(matched)) });
    }
    const up = jumpsAbove(diff.jumps.up, thresholds.maxJumpPct);
    const down = jumpsAbove(diff.jumps.down, thresholds.maxJumpPct);
    if (((up + down) / matched) * 100 > JUMP_CODES_PCT) {
      const how = jumpFactorText(thresholds.maxJumpPct);
      if (up > 0 && diff.jumps.largestUp) reasons.push({ code: 'price-jump', message: PRICE_GUARD.priceRose(how, PRICE_GUARD.codes(up, groupDigits(up)), example(diff.jumps.largestUp)) });
      if (down > 0 && diff.jumps.largestDown) reasons.push({ code: 'price-jump', message: PRICE_GUARD.priceFell(how, PRICE_GUARD.codes(down, groupDigits(down)), example(diff.jumps.largestDown)) });
    }
  }
  for (const change of diff.headerChanges) {
    if (change.movedTo !== undefined) {
      reasons.push({ code: 'column-missing', message: PRICE_GUARD.columnMoved(change.was, columnLetter(change.column), columnLetter(change.movedTo)) });
    } else if (change.missing) {
      reasons.push({ code: 'column-missing', message: PRICE_GUARD.columnMissing(change.was) });
    }
  }
  return reasons;
}
