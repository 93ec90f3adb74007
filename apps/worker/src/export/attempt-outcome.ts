import { UnrecoverableError, type Job } from 'bullmq';
import { ERR, encodeExportFailure, outageMessage, type ExportFailure } from '@app/contracts';
import { EngineError } from '@app/export-engine';
import { isNotFound } from '@app/storage';
import { EngineRejection } from './engine-runner';

/** What one failed attempt of a job means: retry it, or end it with the failure the user sees. */
export type AttemptOutcome = { final: false } | { final: true; failure: ExportFailure; thrown: Error };

/**
 * `refusal`: the user's message when the input itself cannot be used (final at once, 422, or 404
 * for an input that is gone). Any other error is retried; on the last attempt it is an outage
 * (503 `База данных недоступна` or `Хранилище файлов недоступно`) or a plain failure (500).
 * The API reads the failure back from the job's rejection (decodeExportFailure).
 */
export function attemptOutcome(job: Job, error: Error, refusal?: string, refusalStatus: 404 | 422 = 422): AttemptOutcome {
  const refused = refusal !== undefined;
  if (!refused && job.attemptsMade + 1 < (job.opts.attempts ?? 1)) return { final: false };
  const outage = refused ? null : outageMessage(error);
  const failure: ExportFailure = refused
    ? { status: refusalStatus, error: refusal }
    : outage
      ? { status: 503, error: outage }
      : { status: 500, error: ERR.generateFailed };
  const reason = encodeExportFailure(failure);
  return { final: true, failure, thrown: refused ? new UnrecoverableError(reason) : new Error(reason) };
}

/**
 * A failed attempt of a job that reads one stored file with the engine (its columns, a version's
 * rows): a file the engine refuses, or one gone from storage, is final; an outage is retried, then 503.
 * `thrown`: what the job throws.
 */
export function storedFileFailure(job: Job, error: Error): { final: boolean; thrown: Error } {
  // An engine thread passes the engine's refusal on as an EngineRejection.
  const refusal = error instanceof EngineError || error instanceof EngineRejection ? error.message : isNotFound(error) ? ERR.fileNotFound : undefined;
  const outcome = attemptOutcome(job, error, refusal);
  return outcome.final ? { final: true, thrown: outcome.thrown } : { final: false, thrown: error };
}
