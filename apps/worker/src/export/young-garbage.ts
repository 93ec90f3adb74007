import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How often the young generation is collected while a big file is streamed through.
 *
 * Streaming work that allocates almost nothing on the JS heap makes V8 run no scavenge, so every
 * buffer it is done with waits as external memory for the next collection, and the peak grows
 * with the file: the engine's byte-level pass over a price list's shared strings left 31 MB of
 * dead 256 KB pieces at 300k rows (12 MB at 100k), and a worker's download of the list left
 * its socket buffers the same way (its RSS stayed ~13 MB higher after a 30 MB download than
 * after a 10 MB one). Collected every 25 ms, the buffers go about as fast as they die; a scavenge
 * of a young generation that is nearly all garbage takes a fraction of a millisecond. (A full GC
 * after each export was tried too: it slowed the next export by ~20%, so only the young generation
 * is collected; scripts/bench/RESULTS.md.)
 */
export const YOUNG_GC_EVERY_MS = 25;

let exposed: NodeJS.GCFunction | undefined;

/**
 * V8's `gc`: the global one under `node --expose-gc`; otherwise the flag is set now and the
 * function taken from a fresh context (it collects the calling thread's heap). Setting this flag
 * late only makes `gc` available; nothing else about the process changes.
 */
export function gcFunction(): NodeJS.GCFunction {
  if (globalThis.gc) return globalThis.gc;
  if (!exposed) {
    setFlagsFromString('--expose-gc');
    exposed = runInNewContext('gc') as NodeJS.GCFunction;
  }
  return exposed;
}

/** Runs `work` with the calling thread's young generation collected every `everyMs` until it settles. */
export async function collectingYoungGarbage<T>(work: () => Promise<T>, everyMs = YOUNG_GC_EVERY_MS): Promise<T> {
  if (everyMs <= 0) return work();
  const collect = gcFunction();
  const timer = setInterval(() => collect({ type: 'minor' }), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
