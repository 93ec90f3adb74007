/**
 * What the reconcilers (exports, batch checks) agree on: the BullMQ states in which a job will
 * still be worked on (its row is not stuck), and how many attempts a row whose job vanished gets
 * before it is failed rather than queued again.
 */
export const ALIVE_JOB_STATES: ReadonlySet<string> = new Set(['active', 'waiting', 'delayed', 'prioritized', 'waiting-children']);
export const LOST_JOB_MAX_ATTEMPTS = 3;

/** The oldest a queued or running row may be and still have an API waiting for it (a younger one is left alone). */
export function reconcileBefore(now: Date, config: { GENERATE_TIMEOUT_MS: number; JOB_LOCK_MS: number }): Date {
  return new Date(now.getTime() - Math.max(config.GENERATE_TIMEOUT_MS, config.JOB_LOCK_MS));
}
