import { ERR, type CompareSettings, type FileColumns, type FileKind, type Item, type PriceListDiff } from '@app/contracts';
import type { CheckOutput, EngineInput, EngineOutput } from '@app/export-engine';

/** What a batch's shared price read is built from (the engine's sharePrice arguments). */
export interface ShareRequest {
  /** The price file on local disk. */
  price: string;
  /** The union of the tasks' items. */
  items: Item[];
  /** The union of the tasks' mapped price columns. */
  repeatColumns: number[];
  /** The two key columns every task sets alike, if they do. */
  keyColumns?: { ma: number; gm: number };
  /** Some task of the share guards its price headers (DESIGN §10): read them too. */
  headers: boolean;
}

/**
 * A batch's shared price read (DESIGN §12 "Speed"), v8-serialized: the worker never reads it, it
 * only hands it to engine threads (each deserializes it once and keeps it) and to other workers.
 */
export interface PriceShare {
  readonly bytes: Uint8Array;
}

/**
 * The one seam between a job and the export engine. The engine is CPU-bound, so an
 * implementation must keep it off the worker's main thread, where BullMQ renews job locks.
 * Nest injects it by this class.
 */
export abstract class EngineRunner {
  /**
   * Generates the workbook, from the batch's `share` when given (the engine's `sharedPrice`);
   * rejects with EngineRejection when the engine refuses a workbook, and with the engine's
   * SharedPriceMiss when `input.price` is null and the share cannot answer for the task.
   */
  abstract run(input: Omit<EngineInput, 'sharedPrice'>, share?: PriceShare): Promise<EngineOutput>;
  /** The dry run of DESIGN §11 (no workbook written); rejects as run() does. */
  abstract check(input: Omit<EngineInput, 'sharedPrice'>, share?: PriceShare): Promise<CheckOutput>;
  /** A price list's data rows (a library version's `rows`, DESIGN §12); rejects as run() does. */
  abstract countRows(price: string): Promise<number>;
  /** A fetched price list checked as an upload is (DESIGN §16): its format; rejects as run() does. */
  abstract inspectPrice(file: string): Promise<'xlsx' | 'csv'>;
  /** A stored file's header row and columns (DESIGN §10); rejects as run() does. */
  abstract columns(file: string, kind: FileKind): Promise<FileColumns>;
  /**
   * Two versions of a price list compared (DESIGN §16), every change also written to `files.xlsx`,
   * the older version's table taken from `files.olderSnapshot` when it serves, the newer one's
   * kept at `files.snapshotTo`; rejects as run() does.
   */
  abstract diff(before: string, after: string, settings: CompareSettings, files: DiffFiles): Promise<PriceListDiff>;
  /** A list's first version read as a diff reads it, its table kept at `snapshotTo` for the next comparison; rejects as run() does. */
  abstract keep(file: string, settings: CompareSettings, snapshotTo: string): Promise<void>;
  /** Reads a price list once for a batch's tasks (DESIGN §12). */
  abstract share(request: ShareRequest): Promise<PriceShare>;
  /** The share is of no more use: whatever holds it lets it go. */
  abstract forget(share: PriceShare): void;
  /** Stops what is still running (after the worker's last job). */
  abstract close(): Promise<void>;
  /** Engine threads running a job now (pe_engine_threads_busy). */
  abstract get busyThreads(): number;
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

/** The files of a comparison (DESIGN §16): what it writes, and the older version's kept table when there is one. */
export interface DiffFiles {
  xlsx: string;
  snapshotTo: string;
  olderSnapshot?: string;
}

/** What one engine request may take (DESIGN §15): ENGINE_THREAD_HEAP_MB and ENGINE_JOB_TIMEOUT_MS. */
export interface EngineBounds {
  heapMb: number;
  timeoutMs: number;
}

/**
 * The engine ran past a bound on a file: the file is refused (422, never retried), as the engine
 * refuses a workbook it cannot read; the message says which bound.
 */
export class EngineBoundExceeded extends EngineRejection {
  constructor(
    readonly bound: 'heap' | 'time',
    bounds: EngineBounds,
  ) {
    super(ERR.fileTooComplex(bound === 'heap' ? ERR.boundHeap(bounds.heapMb) : ERR.boundTime(Math.ceil(bounds.timeoutMs / 1000))), `engine-${bound}`);
  }
}
