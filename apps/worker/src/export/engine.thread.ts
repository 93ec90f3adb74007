import { parentPort, workerData } from 'node:worker_threads';
import { setPriority } from 'node:os';
import { EngineError, generateExport, type EngineInput } from '@app/export-engine';

/**
 * Runs the CPU-bound engine off the worker's main thread, so BullMQ's lock renewal and the
 * process's heartbeat keep ticking while a 100k-row price list is read.
 */
export interface EngineThreadData {
  nice: number;
}
export interface EngineTask {
  id: number;
  input: EngineInput;
}
export type EngineReply =
  | { id: number; ok: true; xlsx: Uint8Array; report: Awaited<ReturnType<typeof generateExport>>['report']; timings: Record<string, number> }
  | { id: number; ok: false; engineError: boolean; message: string; code?: string };

// On Linux the nice value belongs to the thread that sets it, so only this engine thread yields
// (elsewhere it would be the whole process). If it is refused, the engine keeps normal priority.
if (process.platform === 'linux') {
  try {
    setPriority(0, (workerData as EngineThreadData).nice);
  } catch {
    /* keep the default priority */
  }
}

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
