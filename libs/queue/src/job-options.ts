/** An export's job, alone or a batch's child: its id is the export id, so it is never queued twice. */
export const exportJobOptions = (exportId: string) => ({
  jobId: exportId,
  attempts: 3,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 24 * 3600, count: 5_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
});

/** A check's job, alone or a batch's child. */
export const checkJobOptions = (jobId: string) => ({
  jobId,
  attempts: 2,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 300 },
  removeOnFail: { age: 300 },
});

/**
 * A version's comparison (DESIGN §16): its id is the version's, so it is queued once. A failed
 * one is removed: a version still pending afterwards (an outage outlasted the attempts) is queued
 * again by the reconciler.
 */
export const versionDiffJobOptions = (jobId: string) => ({
  jobId,
  attempts: 3,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 3600 },
  removeOnFail: true,
});

/** Redis could not take the job. */
export class QueueUnavailableError extends Error {}

/** Rejects when `promise` has not settled within `ms`; the timer never outlives the race. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
