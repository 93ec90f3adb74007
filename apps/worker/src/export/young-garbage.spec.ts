import { PerformanceObserver, constants } from 'node:perf_hooks';
import { collectingYoungGarbage, gcFunction } from './young-garbage';

/**
 * Young-generation collections during streaming work, on the kind of work that needs them: a byte
 * scan of 256 KB pieces that allocates nothing on the JS heap, so V8 would not collect the pieces
 * it is done with on its own. Jest runs without --expose-gc, like the worker and its engine
 * process: `gcFunction` has to find a way to `gc` by itself.
 */
const PIECE = 256 * 1024;
const MB = 1024 * 1024;

/** Streams `total` bytes in fresh 256 KB pieces, each scanned byte by byte like the shared-strings pass; returns the peak of live ArrayBuffer memory. */
async function scanPieces(total: number): Promise<{ peak: number; checksum: number }> {
  let peak = 0;
  let checksum = 0;
  for (let sent = 0; sent < total; sent += PIECE) {
    const piece = Buffer.alloc(PIECE, sent & 0xff);
    // A few passes per piece: about the pace of inflating and scanning a real part.
    for (let pass = 0; pass < 8; pass++) for (let i = 0; i < piece.length; i += 1) checksum = (checksum + piece[i]) | 0;
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { peak, checksum };
}

function countMinorGcs(): { stop: () => number } {
  let minor = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if ((entry.detail as { kind?: number })?.kind === constants.NODE_PERFORMANCE_GC_MINOR) minor++;
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop: () => {
      observer.disconnect();
      return minor;
    },
  };
}

describe('collectingYoungGarbage', () => {
  beforeEach(() => gcFunction()());

  it('keeps the dead pieces of an allocation-free scan to a few MB, however big the input', async () => {
    // Left alone, such a scan piles its dead pieces up until V8 collects for its own reasons
    // (~32 MB in a fresh process here; earlier in a long test run it may collect sooner).
    gcFunction()();
    const base = process.memoryUsage().arrayBuffers;
    const minor = countMinorGcs();
    const scan = await collectingYoungGarbage(() => scanPieces(48 * MB), 10);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(minor.stop()).toBeGreaterThanOrEqual(5);
    expect(scan.peak - base).toBeLessThan(8 * MB);
  });

  it('collects only while the work runs, and passes its result and its error on', async () => {
    const during = countMinorGcs();
    await expect(collectingYoungGarbage(() => new Promise((resolve) => setTimeout(() => resolve('done'), 200)), 20)).resolves.toBe('done');
    // Observer entries arrive asynchronously; give them a tick.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(during.stop()).toBeGreaterThanOrEqual(4);

    // Afterwards nothing collects on a timer (one collection of the test runner's own is allowed).
    const after = countMinorGcs();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(after.stop()).toBeLessThanOrEqual(1);

    await expect(collectingYoungGarbage(() => Promise.reject(new Error('broken workbook')), 20)).rejects.toThrow('broken workbook');
  });

  it('finds gc without --expose-gc, and with no interval just runs the work', async () => {
    // (Whether `gc` is global here depends on what ran before in this process: a flag set late
    // is seen by contexts made afterwards.)
    expect(typeof gcFunction()).toBe('function');
    expect(gcFunction()).toBe(gcFunction());
    const none = countMinorGcs();
    await expect(collectingYoungGarbage(() => new Promise((resolve) => setTimeout(() => resolve(42), 100)), 0)).resolves.toBe(42);
    expect(none.stop()).toBeLessThanOrEqual(1);
  });
});
