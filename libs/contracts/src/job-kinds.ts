import { BATCH_JOB, CHECK_JOB, COLUMNS_JOB, EXPORT_JOB, HOUSEKEEPING_JOB, RECONCILE_JOB, SEND_JOB, SOURCE_POLL_JOB, VERSION_DIFF_JOB, VERSION_ROWS_JOB } from './queue.contract';

/**
 * The kinds of work the `export` queue carries, as ops see them (DESIGN §18): the `kind` label of
 * `pe_jobs_total` and `pe_job_duration_seconds`, and the name Bull Board shows. The list is the
 * whole set of label values, jobs that do not exist yet included, so dashboards and alerts can be
 * written once.
 */
export const JOB_KINDS = ['generate', 'check', 'columns', 'version-rows', 'version-diff', 'source-poll', 'send', 'batch'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/**
 * Which job name is which kind. A new job is counted, timed and named in Bull Board once its name
 * is here; a name that is not (housekeeping, the reconciler) is not counted.
 */
export const JOB_KIND_BY_NAME: Readonly<Record<string, JobKind>> = {
  [EXPORT_JOB]: 'generate',
  [CHECK_JOB]: 'check',
  [COLUMNS_JOB]: 'columns',
  [VERSION_ROWS_JOB]: 'version-rows',
  [VERSION_DIFF_JOB]: 'version-diff',
  [SOURCE_POLL_JOB]: 'source-poll',
  [SEND_JOB]: 'send',
  [BATCH_JOB]: 'batch',
};

export const jobKindOf = (jobName: string): JobKind | undefined => (Object.hasOwn(JOB_KIND_BY_NAME, jobName) ? JOB_KIND_BY_NAME[jobName] : undefined);

/**
 * Kinds whose duration runs from the job's queueing, not from its start: a batch's parent job
 * runs only once all its children have ended, so its own run says nothing and its age says how
 * long the batch took.
 */
export const JOB_KINDS_TIMED_FROM_QUEUEING: ReadonlySet<JobKind> = new Set<JobKind>(['batch']);

/** The recurring jobs of the queue that are no kind of user work, with the names Bull Board shows. */
export const SCHEDULED_JOB_NAMES = [HOUSEKEEPING_JOB, RECONCILE_JOB] as const;
