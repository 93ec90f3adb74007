import { ERR, decodeExportFailure } from '@app/contracts';
import { UserError } from '../common/user-error';
import { JobFailedError, JobGoneError, JobTimeoutError, QueueUnavailableError } from './export-queue.service';

/**
 * How the end of a job the user waited for is answered, for every kind of job: the queue down or
 * the job lost → 503, past the wait → 504, a failure → the status and message the worker gave it.
 * Anything else is not a job's end and is passed on as it is.
 */
export function jobUserError(error: unknown): unknown {
  if (error instanceof QueueUnavailableError || error instanceof JobGoneError) return new UserError(503, ERR.queueUnavailable);
  if (error instanceof JobTimeoutError) return new UserError(504, ERR.generateTimeout);
  if (error instanceof JobFailedError) {
    const failure = decodeExportFailure(error.reason);
    return new UserError(failure.status, failure.error);
  }
  return error;
}
