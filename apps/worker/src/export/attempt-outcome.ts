import { UnrecoverableError, type Job } from 'bullmq';
import { ERR, encodeExportFailure, isOutage, type ExportFailure } from '@app/contracts';

/** What one failed attempt of a job means: retry it, or end it with the failure the user sees. */
export type AttemptOutcome = { final: false } | { final: true; failure: ExportFailure; thrown: Error };

/**
 * `refusal`: the user's message when the input itself cannot be used (final at once, 422, or 404
 * for an input that is gone). Any other error is retried; on the last attempt it is an outage
 * (503) or a plain failure (500).
 * The API reads the failure back from the job's rejection (decodeExportFailure).
 */
export function attemptOutcome(job: Job, error: Error, refusal?: string, refusalStatus: 404 | 422 = 422): AttemptOutcome {
  const refused = refusal !== undefined;
  if (!refused && job.attemptsMade + 1 < (job.opts.attempts ?? 1)) return { final: false };
  const failure: ExportFailure = refused
    ? { status: refusalStatus, error: refusal }
    : isOutage(error)
      ? { status: 503, error: ERR.serviceUnavailable }
      : { status: 500, error: ERR.generateFailed };
  const reason = encodeExportFailure(failure);
  return { final: true, failure, thrown: refused ? new UnrecoverableError(reason) : new Error(reason) };
}
