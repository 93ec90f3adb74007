import { parentPort } from 'node:worker_threads';
import { EngineError, generateExport, type EngineInput, type EngineOutput } from '@app/export-engine';

export type EngineThreadReply =
  | { ok: true; xlsx: Uint8Array; report: EngineOutput['report']; timings: EngineOutput['timings'] }
  | { ok: false; engineError: boolean; message: string; code?: string };

/** An engine thread of ThreadEngineRunner: one export at a time, its input in, one reply out. */
async function run(input: EngineInput): Promise<void> {
  let reply: EngineThreadReply;
  const transfer: ArrayBuffer[] = [];
  try {
    const { xlsx, report, timings } = await generateExport(input);
    reply = { ok: true, xlsx: new Uint8Array(xlsx.buffer, xlsx.byteOffset, xlsx.byteLength), report, timings };
    // The workbook's bytes move to the worker instead of being copied, when they own their buffer.
    if (xlsx.byteOffset === 0 && xlsx.byteLength === xlsx.buffer.byteLength) transfer.push(xlsx.buffer as ArrayBuffer);
  } catch (error) {
    const engineError = error instanceof EngineError;
    reply = { ok: false, engineError, message: (error as Error).message, code: engineError ? error.code : undefined };
  }
  parentPort!.postMessage(reply, transfer);
}

parentPort?.on('message', (input: EngineInput) => void run(input));
