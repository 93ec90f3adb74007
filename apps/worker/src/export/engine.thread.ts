import { parentPort } from 'node:worker_threads';
import { EngineError, generateExport } from '@app/export-engine';
import type { EngineResult, EngineTask } from './engine.protocol';
import { collectingYoungGarbage } from './young-garbage';

/**
 * One engine thread of the engine process: several exports run side by side, and a thread that
 * dies takes only its own export with it. Its CPU priority is the process's (threads inherit it), and
 * it collects its young garbage while it works, so its peak does not grow with the price list.
 */
parentPort?.on('message', async ({ id, input }: EngineTask) => {
  let result: EngineResult;
  try {
    const { xlsx, report, timings } = await collectingYoungGarbage(() => generateExport(input));
    result = { ok: true, xlsx: new Uint8Array(xlsx.buffer, xlsx.byteOffset, xlsx.byteLength), report, timings };
  } catch (error) {
    const engineError = error instanceof EngineError;
    result = { ok: false, engineError, message: (error as Error).message, code: engineError ? error.code : undefined };
  }
  const whole = result.ok && result.xlsx.byteOffset === 0 && result.xlsx.byteLength === result.xlsx.buffer.byteLength;
  parentPort!.postMessage({ id, ...result }, whole && result.ok ? [result.xlsx.buffer as ArrayBuffer] : []);
});
