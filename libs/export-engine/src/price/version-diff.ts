import { DIFF_LIST_MAX, type CompareSettings, type DiffChange, type DiffHeaderChange, type DiffJumps, type PriceListDiff } from '@app/contracts';
import { changePct, diffValue, jumpBucket, jumpOf, numberIn } from './diff-values';
import type { ComparedColumn, RowChange, VersionMatch } from './version-compare';

/**
 * DESIGN §16's diff of two matched versions: the counts whole, the lists cut at DIFF_LIST_MAX,
 * and what the guard needs besides (codes changed, jumps by size with the greatest of each way).
 */
export function collectDiff(match: VersionMatch, columns: readonly ComparedColumn[], settings: CompareSettings, headerChanges: DiffHeaderChange[]): PriceListDiff {
  const { before, after } = match;
  const added: string[] = [];
  for (let j = 0; j < after.count && added.length < DIFF_LIST_MAX; j++) if (match.isAdded(j)) added.push(after.codeOf(j));
  const removed: string[] = [];
  for (let i = 0; i < before.count && removed.length < DIFF_LIST_MAX; i++) if (match.isRemoved(i)) removed.push(before.codeOf(i));

  const changed: DiffChange[] = [];
  let changedTotal = 0;
  let changedCodes = 0;
  const jumps = new JumpTally();
  let row = -1;
  for (const change of match.changes(columns)) {
    changedTotal++;
    if (change.afterRow !== row) {
      jumps.endCode();
      row = change.afterRow;
      changedCodes++;
    }
    const jump = jumps.see(match, columns, change);
    if (changed.length < DIFF_LIST_MAX) changed.push(jump?.change ?? describeChange(match, columns, change));
  }
  jumps.endCode();

  return {
    rowsBefore: match.rowsBefore,
    rowsAfter: match.rowsAfter,
    added,
    addedTotal: match.added,
    removed,
    removedTotal: match.removed,
    changed,
    changedTotal,
    headerChanges,
    matched: match.matched,
    changedCodes,
    duplicates: { before: match.duplicatesBefore, after: match.duplicatesAfter },
    jumps: jumps.result(),
    settings,
  };
}

/** A change as the JSON lists it. */
export function describeChange(match: VersionMatch, columns: readonly ComparedColumn[], { afterRow, beforeRow, column }: RowChange): DiffChange {
  const c = columns[column];
  const was = numberIn(match.before, c.before, beforeRow);
  const now = numberIn(match.after, c.after, afterRow);
  return {
    code: match.after.codeOf(afterRow),
    column: c.column,
    header: c.header,
    was: diffValue(match.before, c.before, beforeRow),
    now: diffValue(match.after, c.after, afterRow),
    pct: changePct(was, now),
  };
}

/** Each code's greatest jump into the up or down histogram, and the greatest jump of each way. */
class JumpTally {
  private readonly up: Record<string, number> = {};
  private readonly down: Record<string, number> = {};
  private largestUp: { pct: number; change: DiffChange } | undefined;
  private largestDown: { pct: number; change: DiffChange } | undefined;
  /** The greatest jump of the code being read. */
  private codeJump: { pct: number; up: boolean } | undefined;

  /** Notes the change's jump, if it is one; returns it described when it was (so it is described once). */
  see(match: VersionMatch, columns: readonly ComparedColumn[], change: RowChange): { change: DiffChange } | undefined {
    const c = columns[change.column];
    const jump = jumpOf(numberIn(match.before, c.before, change.beforeRow), numberIn(match.after, c.after, change.afterRow));
    if (!jump) return undefined;
    if (!this.codeJump || jump.pct > this.codeJump.pct) this.codeJump = jump;
    const largest = jump.up ? this.largestUp : this.largestDown;
    if (largest && largest.pct >= jump.pct) return undefined;
    const described = describeChange(match, columns, change);
    if (jump.up) this.largestUp = { pct: jump.pct, change: described };
    else this.largestDown = { pct: jump.pct, change: described };
    return { change: described };
  }

  endCode(): void {
    if (!this.codeJump) return;
    const histogram = this.codeJump.up ? this.up : this.down;
    const bucket = String(jumpBucket(this.codeJump.pct));
    histogram[bucket] = (histogram[bucket] ?? 0) + 1;
    this.codeJump = undefined;
  }

  result(): DiffJumps {
    return { up: this.up, down: this.down, largestUp: this.largestUp?.change ?? null, largestDown: this.largestDown?.change ?? null };
  }
}
