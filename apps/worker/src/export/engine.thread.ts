import { parentPort, workerData } from 'node:worker_threads';
import type { EnginePriority } from '@app/config';
import { EngineError, generateExport, type EngineInput } from '@app/export-engine';
import { lowerThreadPriority } from './thread-priority';

/**
 * Runs the CPU-bound engine off the worker's main thread, so BullMQ's lock renewal and the
 * process's heartbeat keep ticking while a 100k-row price list is read.
 */
export interface EngineThreadData {
  priority: EnginePriority;
}
export interface EngineTask {
  id: number;
  input: EngineInput;
}
/** Sent once when the thread starts: the priority it could take (see lowerThreadPriority). */
export interface EngineThreadStarted {
  started: EnginePriority;
}
export type EngineReply =
  | { id: number; ok: true; xlsx: Uint8Array; report: Awaited<ReturnType<typeof generateExport>>['report']; timings: Record<string, number> }
  | { id: number; ok: false; engineError: boolean; message: string; code?: string };

parentPort?.postMessage({ started: lowerThreadPriority((workerData as EngineThreadData).priority) } satisfies EngineThreadStarted);

parentPort?.on('message', async ({ id, input }: EngineTask) => {
  try {
    const { xlsx, report, timings } = await generateExport(input);
    const bytes = new Uint8Array(xlsx.buffer, xlsx.byteOffset, xlsx.byteLength);
    const reply: EngineReply = { id, ok: true, xlsx: bytes, report, timings };
    parentPort!.postMessage(reply, bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? [bytes.buffer as ArrayBuffer] : []);
  } catch (error) {
    const engineError = error instanceof EngineError;
    const reply: EngineReply = {
      id,
      ok: false,
      engineError,
      message: (error as Error).message,
      code: engineError ? (error as EngineError & { code?: string }).code : undefined,
    };
    parentPort!.postMessage(reply);
  }
});
