import type { VersionStatus } from './price-list.entity';

export interface VersionTransition {
  from: readonly VersionStatus[];
  to: VersionStatus;
}

/**
 * A price-list version's state machine (DESIGN §16), in one place: each write of a version's
 * status names one of these and applies only while the version is in one of its `from` states,
 * so a late or repeated write (a retried comparison, a second click) changes nothing. A list has
 * at most one `current` version (a unique index); the one a new current version replaces is `old`.
 */
export const VERSION_TRANSITIONS = {
  /** Compared with the current version and within the guard's thresholds, or the list's first. */
  pass: { from: ['pending'], to: 'current' },
  /** The guard tripped: it waits for a person. */
  hold: { from: ['pending'], to: 'held' },
  /** `Принять`. */
  accept: { from: ['held'], to: 'current' },
  /** `Отклонить`: kept 30 days, then removed by housekeeping. */
  reject: { from: ['held'], to: 'rejected' },
  /** Another version became current. */
  supersede: { from: ['current'], to: 'old' },
} as const satisfies Record<string, VersionTransition>;

export type VersionTransitionName = keyof typeof VERSION_TRANSITIONS;

/** How long a rejected version is kept (DESIGN §16). */
export const REJECTED_KEPT_DAYS = 30;
