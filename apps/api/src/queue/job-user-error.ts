import { ERR, decodeExportFailure } from '@app/contracts';
import { UserError } from '../common/user-error';
import { QueueUnavailableError } from '@app/queue';
import { JobFailedError, JobGoneError, JobTimeoutError } from './export-queue.service';

/**
 * How the end of a job the user waited for is answered, for every kind of job: the queue down or
 * the job lost → 503, past the wait → 504 (503 while the database or the storage is down),
 * a failure → the status and message the worker gave it.
 * Anything else is not a job's end and is passed on as it is.
 */
export function jobUserError(error: unknown, texts: JobTexts = GENERATE_TEXTS): unknown {
  if (error instanceof QueueUnavailableError || error instanceof JobGoneError) return new UserError(503, ERR.queueUnavailable);
  if (error instanceof JobTimeoutError) {
    if (error.outage === null) return new UserError(504, texts.timeout);
    return new UserError(503, error.outage === 'storage' ? ERR.storageUnavailable : ERR.databaseUnavailable);
  }
  if (error instanceof JobFailedError) {
    const failure = decodeExportFailure(error.reason);
    // A worker's plain failure says what failed: generating the file, or checking it.
    if (failure.status === 500) return new UserError(500, texts.failed);
    return new UserError(failure.status, failure.error);
  }
  return error;
}

/** What a job's timeout and plain failure are called for the user. */
export interface JobTexts {
  timeout: string;
  failed: string;
}

export const GENERATE_TEXTS: JobTexts = { timeout: ERR.generateTimeout, failed: ERR.generateFailed };
export const CHECK_TEXTS: JobTexts = { timeout: ERR.checkTimeout, failed: ERR.checkFailed };
