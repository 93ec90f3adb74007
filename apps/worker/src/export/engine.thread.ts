import { parentPort } from 'node:worker_threads';
import type { Item } from '@app/contracts';
import { EngineError, checkExport, generateExport, sharePrice, type CheckOutput, type EngineInput, type EngineOutput, type SharedPrice } from '@app/export-engine';

/** What an engine thread is asked: an export, the check of one (DESIGN §11), or a batch's shared price read (§12). */
export type EngineThreadRequest =
  | { mode: 'generate'; input: EngineInput }
  | { mode: 'check'; input: EngineInput }
  | { mode: 'share'; price: string; items: Item[]; repeatColumns: number[] };

export type EngineThreadReply =
  | ({ ok: true; mode: 'generate'; xlsx: Uint8Array } & Omit<EngineOutput, 'xlsx' | 'placement'>)
  | { ok: true; mode: 'check'; check: CheckOutput }
  | { ok: true; mode: 'share'; share: SharedPrice }
  | { ok: false; engineError: boolean; message: string; code?: string };

/** An engine thread of ThreadEngineRunner: one job at a time, its input in, one reply out. */
async function run(request: EngineThreadRequest): Promise<void> {
  let reply: EngineThreadReply;
  const transfer: ArrayBuffer[] = [];
  try {
    if (request.mode === 'check') {
      reply = { ok: true, mode: 'check', check: await checkExport(request.input) };
    } else if (request.mode === 'share') {
      reply = { ok: true, mode: 'share', share: await sharePrice(request.price, request.items, request.repeatColumns) };
    } else {
      const { xlsx, placement: _placement, ...rest } = await generateExport(request.input);
      reply = { ok: true, mode: 'generate', xlsx: new Uint8Array(xlsx.buffer, xlsx.byteOffset, xlsx.byteLength), ...rest };
      // The workbook's bytes move to the worker instead of being copied, when they own their buffer.
      if (xlsx.byteOffset === 0 && xlsx.byteLength === xlsx.buffer.byteLength) transfer.push(xlsx.buffer as ArrayBuffer);
    }
  } catch (error) {
    const engineError = error instanceof EngineError;
    reply = { ok: false, engineError, message: (error as Error).message, code: engineError ? error.code : undefined };
  }
  parentPort!.postMessage(reply, transfer);
}

parentPort?.on('message', (request: EngineThreadRequest) => void run(request));
