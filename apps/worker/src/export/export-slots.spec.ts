import { EXPORT_PEAK_MB, exportSlots, machineMemoryMb } from './export-slots';

describe('exportSlots', () => {
  it('takes WORKER_CONCURRENCY when the memory holds that many exports', () => {
    expect(exportSlots({ WORKER_CONCURRENCY: 8, WORKER_MEMORY_MB: 0 }, 24_000)).toEqual({ slots: 8, budgetMb: 18_000 });
  });

  it('takes fewer in a small container: three quarters of its memory at EXPORT_PEAK_MB each', () => {
    expect(exportSlots({ WORKER_CONCURRENCY: 8, WORKER_MEMORY_MB: 0 }, 1_024)).toEqual({ slots: 2, budgetMb: 768 });
  });

  it('follows WORKER_MEMORY_MB when set, and never takes fewer than one', () => {
    expect(exportSlots({ WORKER_CONCURRENCY: 8, WORKER_MEMORY_MB: 3 * EXPORT_PEAK_MB }, 24_000).slots).toBe(3);
    expect(exportSlots({ WORKER_CONCURRENCY: 8, WORKER_MEMORY_MB: 100 }, 24_000).slots).toBe(1);
  });

  it('reads the memory of this machine', () => {
    expect(machineMemoryMb()).toBeGreaterThan(100);
  });
});
