import type { Item } from '@app/contracts';
import type { CheckOutput, EngineInput, EngineOutput, SharedPrice } from '@app/export-engine';

/**
 * The one seam between a job and the export engine. The engine is CPU-bound, so an
 * implementation must keep it off the worker's main thread, where BullMQ renews job locks.
 * Nest injects it by this class.
 */
export abstract class EngineRunner {
  /** Generates the workbook; rejects with EngineRejection when the engine refuses a workbook. */
  abstract run(input: EngineInput): Promise<EngineOutput>;
  /** The dry run of DESIGN §11 (no workbook written); rejects as run() does. */
  abstract check(input: EngineInput): Promise<CheckOutput>;
  /** Reads a price list once for a batch's tasks (DESIGN §12): the union of their items and mapped price columns. */
  abstract share(price: string, items: Item[], repeatColumns: number[]): Promise<SharedPrice>;
  /** Stops what is still running (after the worker's last job). */
  abstract close(): Promise<void>;
}

/**
 * A job's input refused: final, shown to the user, never retried. Mostly the engine's refusal of a
 * workbook (422); 404 when what the job names is gone.
 */
export class EngineRejection extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly status: 404 | 422 = 422,
  ) {
    super(message);
  }
}
