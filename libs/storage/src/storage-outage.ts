import { STORAGE_OUTAGE } from '@app/contracts';

/**
 * How long storage counts as down after a call or a health probe failed as an outage (DESIGN §15):
 * meanwhile generate and check answer 503 at once instead of queueing a job that would wait
 * into a 504.
 */
export const STORAGE_DOWN_MS = 10_000;

/** A storage call that met an outage (refused, reset, silent past STORAGE_TIMEOUT_MS): marked as the storage's (outageOf). */
export class StorageUnavailableError extends Error {
  readonly outageOf = STORAGE_OUTAGE;

  constructor(cause: unknown) {
    super(`storage unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}
