import { UnrecoverableError, type Job } from 'bullmq';
import { JOB_KINDS_TIMED_FROM_QUEUEING, jobKindOf } from '@app/contracts';
import type { JobOutcome, WorkerMetrics } from '@app/metrics';

/** BullMQ's own errors that park a job (delayed, waiting for children) rather than fail it. */
const PARKED = new Set(['DelayedError', 'WaitingError', 'WaitingChildrenError']);

/**
 * What a failed attempt is, as BullMQ will treat it (Job.shouldRetryJob): retried while attempts
 * remain and the error is not an UnrecoverableError; `undefined` for the errors that only park it.
 */
export function failedAttemptOutcome(job: Pick<Job, 'attemptsMade' | 'opts'>, error: unknown): JobOutcome | undefined {
  const name = (error as Error | undefined)?.name ?? '';
  if (PARKED.has(name)) return undefined;
  const unrecoverable = error instanceof UnrecoverableError || name === 'UnrecoverableError';
  return !unrecoverable && job.attemptsMade + 1 < (job.opts.attempts ?? 1) ? 'retried' : 'failed';
}

/**
 * Runs one attempt of a job and counts it (pe_jobs_total, pe_job_duration_seconds) under its kind
 * (the contracts' JOB_KIND_BY_NAME); a job of no kind (housekeeping, both queues' reconcilers)
 * only runs.
 */
export async function countedAttempt<T>(metrics: WorkerMetrics, job: Job, run: () => Promise<T>): Promise<T> {
  const kind = jobKindOf(job.name);
  if (!kind) return run();
  const started = JOB_KINDS_TIMED_FROM_QUEUEING.has(kind) ? job.timestamp : Date.now();
  const seconds = () => Math.max(0, Date.now() - started) / 1000;
  try {
    const result = await run();
    metrics.jobEnded(kind, 'done', seconds());
    return result;
  } catch (error) {
    const outcome = failedAttemptOutcome(job, error);
    if (outcome) metrics.jobEnded(kind, outcome, seconds());
    throw error;
  }
}
