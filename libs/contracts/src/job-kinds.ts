import { BATCH_JOB, CHECK_JOB, COLUMNS_JOB, EXPORT_JOB, EXPORT_QUEUE, HOUSEKEEPING_JOB, MAIL_QUEUE, MAIL_RECONCILE_JOB, NOTIFY_JOB, RECONCILE_JOB, SEND_JOB, SOURCE_POLL_JOB, VERSION_DIFF_JOB, VERSION_ROWS_JOB } from './queue.contract';

/** The queues the workers take from: Bull Board shows each with a name and description of its own. */
export const QUEUE_NAMES = [EXPORT_QUEUE, MAIL_QUEUE] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/**
 * The kinds of work the `export` and `mail` queues carry, as ops see them (DESIGN §18): the `kind` label of
 * `pe_jobs_total` and `pe_job_duration_seconds`, and the name Bull Board shows. The list is the
 * whole set of label values, jobs that do not exist yet included, so dashboards and alerts can be
 * written once.
 */
export const JOB_KINDS = ['generate', 'check', 'columns', 'version-rows', 'version-diff', 'source-poll', 'send', 'notify', 'batch'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/**
 * Which job name is which kind. A new job is counted, timed and named in Bull Board once its name
 * is here; a recurring job (SCHEDULED_JOB_NAMES: housekeeping, the reconcilers) is no user work and
 * is not counted.
 */
export const JOB_KIND_BY_NAME: Readonly<Record<string, JobKind>> = {
  [EXPORT_JOB]: 'generate',
  [CHECK_JOB]: 'check',
  [COLUMNS_JOB]: 'columns',
  [VERSION_ROWS_JOB]: 'version-rows',
  [VERSION_DIFF_JOB]: 'version-diff',
  [SOURCE_POLL_JOB]: 'source-poll',
  [SEND_JOB]: 'send',
  [NOTIFY_JOB]: 'notify',
  [BATCH_JOB]: 'batch',
};

export const jobKindOf = (jobName: string): JobKind | undefined => (Object.hasOwn(JOB_KIND_BY_NAME, jobName) ? JOB_KIND_BY_NAME[jobName] : undefined);

/**
 * Kinds whose duration runs from the job's queueing, not from its start: a batch's parent job
 * runs only once all its children have ended, so its own run says nothing and its age says how
 * long the batch took.
 */
export const JOB_KINDS_TIMED_FROM_QUEUEING: ReadonlySet<JobKind> = new Set<JobKind>(['batch']);

/** The recurring jobs of both queues, no kind of user work: Bull Board names them, the job metrics leave them out. */
export const SCHEDULED_JOB_NAMES = [HOUSEKEEPING_JOB, RECONCILE_JOB, MAIL_RECONCILE_JOB] as const;
export type ScheduledJobName = (typeof SCHEDULED_JOB_NAMES)[number];
