import { sameValue } from './diff-values';
import { KeyIndex } from './key-index';
import type { VersionTable } from './version-table';

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
 * counted. One index of the older version's MA keys (KeyIndex) does most of the work: the GM keys
 * are looked at only for the rows the MA keys left unmatched (and rows without an MA code).
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
    const byGmOnly = new KeyIndex();
    // First by MA: the after rows left for the GM keys wait in `pending`.
    const pending: number[] = [];
    const addedMa = new KeyIndex();
    for (let j = 0; j < after.count; j++) {
      const ma = after.maKey(j);
      if (ma !== '') {
        this.rowsAfter++;
        const i = byMa.get(ma);
        if (i >= 0 ? this.beforeState[i] === MATCHED : !addedMa.add(ma, j)) {
          this.duplicatesAfter++;
          this.partner[j] = SKIPPED;
        } else if (i >= 0) {
          this.pair(i, j);
        } else {
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
      if (byGmOnly.add(gm, j)) pending.push(j);
      else {
        this.duplicatesAfter++;
        this.partner[j] = SKIPPED;
      }
    }
    // Then by GM, among the older rows no MA key matched.
    const byGm = new KeyIndex();
    if (pending.length > 0) {
      for (let i = 0; i < before.count; i++) {
        if (this.beforeState[i] !== 0) continue;
        const gm = before.gmKey(i);
        if (gm !== '') byGm.add(gm, i);
      }
    }
    for (const j of pending) {
      const gm = after.gmKey(j);
      const i = gm === '' ? -1 : byGm.get(gm);
      if (i >= 0 && this.beforeState[i] === 0) this.pair(i, j);
      else {
        this.partner[j] = UNMATCHED;
        this.added++;
      }
    }
    for (let i = 0; i < before.count; i++) if (this.beforeState[i] === 0) this.removed++;
  }

  /** The older version's first row of each MA key; its duplicates and rows without a code are SKIPPED. */
  private indexBefore(): KeyIndex {
    const { before } = this;
    const byMa = new KeyIndex(before.count);
    const byGmOnly = new KeyIndex();
    for (let i = 0; i < before.count; i++) {
      const ma = before.maKey(i);
      let first: boolean;
      if (ma !== '') first = byMa.add(ma, i);
      else {
        const gm = before.gmKey(i);
        if (gm === '') {
          this.beforeState[i] = SKIPPED;
          continue;
        }
        first = byGmOnly.add(gm, i);
      }
      this.rowsBefore++;
      if (!first) {
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
