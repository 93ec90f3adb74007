import type { EnginePriority } from '@app/config';
import type { EngineInput, EngineOutput } from '@app/export-engine';

/**
 * The messages between the worker, its engine process and the engine threads in it. The engine
 * process only relays: a thread's result reaches the worker as the thread sent it.
 */
export interface EngineTask {
  id: number;
  input: EngineInput;
}

export type EngineResult =
  | { ok: true; xlsx: Uint8Array; report: EngineOutput['report']; timings: EngineOutput['timings'] }
  | { ok: false; engineError: boolean; message: string; code?: string };

export type EngineReply = EngineResult & { id: number };

/** Sent once by the engine process when it is ready: the CPU priority it could take. */
export interface EngineProcessStarted {
  started: EnginePriority;
}

/** Passed to the engine process as its only argument (JSON). */
export interface EngineProcessOptions {
  threads: number;
  priority: EnginePriority;
  idleMs?: number;
}

/** The engine's own refusal of a workbook: final, shown to the user, never retried. */
export class EngineRejection extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}
