import { totalmem } from 'node:os';
import type { AppConfig } from '@app/config';

/** What one export may take at its peak; the benchmark measures 120–260 MB for 100k–300k-row lists. */
export const EXPORT_PEAK_MB = 300;

/** The machine's memory, or the container's limit when there is one (cgroups). */
export function machineMemoryMb(): number {
  const limit = process.constrainedMemory?.() ?? 0;
  const total = totalmem();
  return Math.floor((limit > 0 && limit < total ? limit : total) / 2 ** 20);
}

/**
 * How many exports this worker takes at once: WORKER_CONCURRENCY, but never more than its memory
 * budget holds at EXPORT_PEAK_MB each (WORKER_MEMORY_MB, or three quarters of the machine's or
 * container's memory), and at least one.
 */
export function exportSlots(config: Pick<AppConfig, 'WORKER_CONCURRENCY' | 'WORKER_MEMORY_MB'>, machineMb = machineMemoryMb()): { slots: number; budgetMb: number } {
  const budgetMb = config.WORKER_MEMORY_MB || Math.floor(machineMb * 0.75);
  return { slots: Math.max(1, Math.min(config.WORKER_CONCURRENCY, Math.floor(budgetMb / EXPORT_PEAK_MB))), budgetMb };
}
