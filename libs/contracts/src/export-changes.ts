import { CHANGES_LIST_MAX, type CheckCellValue, type ExportChanges, type ExportDigest } from './check.contract';
import { LIMITS } from './limits';
import { cutText } from './normalize';

/**
 * DESIGN §11 «changes since the last export»: the newer digest against the older one. Items are
 * told apart by their key (normalised code), so reordering the list changes nothing; a value that
 * is the same number or text both times is no change. The values listed are shown, not written:
 * a text is cut to LIMITS.previewTextMax (compared whole).
 */
export function digestChanges(older: ExportDigest, newer: ExportDigest, since: string): ExportChanges {
  const changes: Omit<ExportChanges, 'counts'> = { since, added: [], removed: [], changed: [], lost: [] };
  for (const [key, now] of Object.entries(newer)) {
    // Codes are user data: `constructor` must not find Object.prototype's.
    const before = Object.hasOwn(older, key) ? older[key] : undefined;
    if (!before) {
      changes.added.push(now.item);
      continue;
    }
    if (before.found && !now.found) {
      changes.lost.push(now.item);
      continue;
    }
    const columns = new Set([...Object.keys(before.values), ...Object.keys(now.values)]);
    for (const column of columns) {
      const from = before.values[column] ?? null;
      const to = now.values[column] ?? null;
      if (!sameValue(from, to)) changes.changed.push({ item: now.item, column: Number(column), from, to });
    }
  }
  for (const [key, before] of Object.entries(older)) if (!Object.hasOwn(newer, key)) changes.removed.push(before.code);
  changes.added.sort((a, b) => a - b);
  changes.lost.sort((a, b) => a - b);
  changes.changed.sort((a, b) => a.item - b.item || a.column - b.column);
  const counts = { added: changes.added.length, removed: changes.removed.length, changed: changes.changed.length, lost: changes.lost.length };
  const head = <T>(list: T[]) => list.slice(0, CHANGES_LIST_MAX);
  const changed = head(changes.changed).map((c) => ({ ...c, from: shown(c.from), to: shown(c.to) }));
  return { since, added: head(changes.added), removed: head(changes.removed), changed, lost: head(changes.lost), counts };
}

function shown(value: CheckCellValue | null): CheckCellValue | null {
  return typeof value === 'string' ? cutText(value, LIMITS.previewTextMax, true) : value;
}

function sameValue(a: CheckCellValue | null, b: CheckCellValue | null): boolean {
  return a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));
}

/** Whether there is anything to show. */
export function hasChanges(c: ExportChanges): boolean {
  return c.counts.added + c.counts.removed + c.counts.changed + c.counts.lost > 0;
}
