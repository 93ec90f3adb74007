import { ERR } from './messages';
import type { FileKind } from './task.contract';

/**
 * The BullMQ queue shared by the API (producer) and the worker (consumer). Every queue's name is an
 * exported `*_QUEUE` constant and every job's an exported `*_JOB` one: Bull Board's label spec
 * (apps/api/src/admin/job-labels.spec.ts) finds them by that suffix and fails on one with no
 * Russian name.
 */

export const EXPORT_QUEUE = 'export';
export const EXPORT_JOB = 'generate';
export const HOUSEKEEPING_JOB = 'housekeeping';
/** Finds exports left queued or running with no job to finish them (an outage), see ExportReconciler. */
export const RECONCILE_JOB = 'reconcile';
/** Lists a stored file's columns (DESIGN §10); its result is a FileColumns. */
export const COLUMNS_JOB = 'columns';

/** Counts a price-list version's data rows (DESIGN §12) and writes them on its row; no result. */
export const VERSION_ROWS_JOB = 'version-rows';

/**
 * Compares a pending price-list version with the current one and settles it (DESIGN §16): held,
 * or current (then the list's run by itself starts). Its result is a VersionDiffJobResult.
 */
export const VERSION_DIFF_JOB = 'version-diff';

/** A version's comparison names the version; the worker reads the rest. */
export interface VersionDiffJobData {
  versionId: string;
}

/** The version's status once the comparison settled it (what an upload by hand answers). */
export interface VersionDiffJobResult {
  status: 'current' | 'held' | 'rejected' | 'old';
}

/** One comparison per version. */
export const versionDiffJobId = (versionId: string): string => `version-diff-${versionId}`;

/**
 * Polls a price list's source once (DESIGN §16): fetches its address or reads its mailbox, and
 * makes a version of what is new. Its schedule is a BullMQ job scheduler per source.
 */
export const SOURCE_POLL_JOB = 'source-poll';

export interface SourcePollJobData {
  priceListId: string;
  /** A poll of the schedule, or `Проверить сейчас` by `by`. */
  trigger: 'schedule' | 'manual';
  by?: string;
}

/** The job scheduler of a list's source: one per list, so one poll of it runs at a time. */
export const sourceSchedulerId = (priceListId: string): string => `source-${priceListId}`;

/** Checks a task before export (DESIGN §11): the engine's dry run; its result is a CheckResponse. */
export const CHECK_JOB = 'check';

/**
 * A batch (DESIGN §12) is a BullMQ flow: a parent BATCH_JOB whose children are ordinary
 * EXPORT_JOB / CHECK_JOB jobs carrying the batch's id, so they run on every worker at once.
 */
export const BATCH_JOB = 'batch';

/** A job names its export row; the worker reads the rest (task, items, rules, files) from the database. */
export interface ExportJobData {
  exportId: string;
  /** Set for a batch's child: the worker may share one price index among the batch's exports. */
  batchId?: string;
}

export interface BatchJobData {
  batchId: string;
}

/** A batch's check child: one job id per row, so queueing it again (the reconciler) never doubles it. */
export const batchCheckJobId = (batchId: string, position: number): string => `check-${batchId}-${position}`;
/** A batch's parent job. */
export const batchJobId = (batchId: string): string => `batch-${batchId}`;

/** A columns job names the stored file itself: the worker needs no database for it. */
export interface ColumnsJobData {
  objectKey: string;
  kind: FileKind;
}

/** A version's count names the version; the worker reads its object key and writes `rows` back. */
export interface VersionRowsJobData {
  versionId: string;
}

/** One count per version: queueing it again while it waits or runs adds nothing. */
export const versionRowsJobId = (versionId: string): string => `version-rows-${versionId}`;

/** A check names its task; the worker reads the task and its newest export from the database. */
export interface CheckJobData {
  taskId: string;
  /** Set for a batch's child: the result goes to the batch's row `position` too. */
  batchId?: string;
  position?: number;
}

/** What a finished job hands back to the API: enough to answer the request without a lookup. */
export interface ExportJobResult {
  objectKey: string;
  size: number;
  rows: number;
  matched: number;
  unmatched: number;
  /** exportWarningCount of the report. */
  warnings: number;
}

/**
 * What a job reports while it runs (BullMQ's progress): `waitingFor` while a service it needs is
 * down and it waits for it to come back, so that a request that stops waiting answers 503 (try
 * again later) rather than 504.
 */
export interface JobProgress {
  waitingFor?: 'database';
}

/**
 * A job's final failure as the user is to see it. The worker throws it as the job's failed
 * reason; the API reads it back from the job's rejection and answers with its status.
 */
export interface ExportFailure {
  /** 422: a workbook the engine cannot use; 503: a service (PostgreSQL, S3) was down; 500: anything else. */
  status: 404 | 422 | 500 | 503;
  error: string;
}

const FAILURE_TAG = 'export-failure:';

export function encodeExportFailure(failure: ExportFailure): string {
  return `${FAILURE_TAG}${JSON.stringify(failure)}`;
}

/** Any reason the worker did not encode (a crash, a lost lock…) is a plain generation failure. */
export function decodeExportFailure(reason: string): ExportFailure {
  if (reason.startsWith(FAILURE_TAG)) {
    try {
      return JSON.parse(reason.slice(FAILURE_TAG.length)) as ExportFailure;
    } catch {
      // fall through
    }
  }
  return { status: 500, error: ERR.generateFailed };
}

/**
 * E-mail (DESIGN §17) has a queue of its own, `mail`, so a message waits behind other messages
 * only, never behind a batch's exports, and its workers' concurrency suits network waits rather
 * than the CPU. Its jobs name a row; the row is the truth, and the job id is the row's id, so a
 * job queued again (the reconciler after Redis lost its data) is never doubled.
 */
export const MAIL_QUEUE = 'mail';
/** One message of an export to its task's recipients: `{ deliveryId }` (a row of `deliveries`). */
export const SEND_JOB = 'send';
/** One notice to the people told of an event (a held version, a failing source, a batch's end): `{ noticeId }`. */
export const NOTIFY_JOB = 'notify';
/** Recurring: queues again the deliveries and notices whose job was lost, and the sends a finished export still owes. */
export const MAIL_RECONCILE_JOB = 'mail-reconcile';

export interface SendJobData {
  deliveryId: string;
}

export interface NotifyJobData {
  noticeId: string;
}
