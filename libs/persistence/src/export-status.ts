import type { ExportStatus } from '@app/contracts';

/** Who may move an export row. */
export type ExportActor = 'api' | 'worker' | 'reconciler';

export interface ExportTransition {
  from: readonly ExportStatus[];
  to: ExportStatus;
  by: ExportActor;
}

/**
 * The export row's state machine, in one place: every write of ExportsRepository names one of
 * these and applies only while the row is in one of its `from` states, so a late or repeated
 * write can never undo a newer one. `done` and `failed` are final: nothing leads out of them.
 *
 * - `done` is the end of every job that stored its file, whoever gave up waiting for it meanwhile:
 *   a request that answered 503 or 504 does not fail the export, the worker finishes it.
 * - The API fails an export only when Redis refused its job (nothing will ever run it); a job
 *   that Redis later lost is the reconciler's to queue again.
 */
export const EXPORT_TRANSITIONS = {
  /** `Сформировать` recorded the export; its job is being queued. */
  create: { from: [], to: 'queued', by: 'api' },
  /** Redis refused the job. */
  enqueueRefused: { from: ['queued'], to: 'failed', by: 'api' },
  /** An attempt of the job starts (again, after a retry or a worker's death). */
  start: { from: ['queued', 'running'], to: 'running', by: 'worker' },
  /** The workbook is stored. */
  finish: { from: ['queued', 'running'], to: 'done', by: 'worker' },
  /** An attempt failed and BullMQ will make another. */
  retry: { from: ['queued', 'running'], to: 'queued', by: 'worker' },
  /** The last attempt failed, or the input was refused (422/404). */
  fail: { from: ['queued', 'running'], to: 'failed', by: 'worker' },
  /** The job vanished from Redis (wiped): queued again under the same id. */
  requeue: { from: ['queued', 'running'], to: 'queued', by: 'reconciler' },
  /** The job failed without the row hearing of it, or vanished too often. */
  abandon: { from: ['queued', 'running'], to: 'failed', by: 'reconciler' },
} as const satisfies Record<string, ExportTransition>;

export type ExportTransitionName = keyof typeof EXPORT_TRANSITIONS;

/** States no transition leaves. */
export const FINAL_EXPORT_STATUSES: readonly ExportStatus[] = ['done', 'failed'];
