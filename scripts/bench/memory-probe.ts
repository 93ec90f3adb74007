import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Resident memory of a process from /proc (Linux): VmRSS now and VmHWM, the kernel's own
 * high-water mark, which sees every peak however short. Writing `5` to /proc/<pid>/clear_refs
 * resets VmHWM, so a peak can be taken per stage of a long-lived process (the worker). A poller
 * of VmRSS runs as well, as a cross-check and as the fallback where clear_refs is not allowed.
 */
export interface MemoryStatus {
  rssMb: number;
  hwmMb: number;
}

export function memoryOf(pid: number): MemoryStatus {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(text)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export class PeakRssProbe {
  private maxPolledMb = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly hwmReset: boolean;

  constructor(
    private readonly pid: number,
    everyMs = 20,
  ) {
    this.hwmReset = resetPeak(pid);
    this.poll();
    this.timer = setInterval(() => this.poll(), everyMs);
  }

  /** Peak in MB since construction: VmHWM when it could be reset, else the polled maximum. */
  stop(): { peakMb: number; polledMb: number; source: 'VmHWM' | 'polled' } {
    clearInterval(this.timer);
    this.poll();
    const { hwmMb } = this.safe();
    if (this.hwmReset && Number.isFinite(hwmMb)) return { peakMb: Math.max(hwmMb, this.maxPolledMb), polledMb: this.maxPolledMb, source: 'VmHWM' };
    return { peakMb: this.maxPolledMb, polledMb: this.maxPolledMb, source: 'polled' };
  }

  private safe(): MemoryStatus {
    try {
      return memoryOf(this.pid);
    } catch {
      return { rssMb: NaN, hwmMb: NaN };
    }
  }

  private poll(): void {
    const { rssMb } = this.safe();
    if (rssMb > this.maxPolledMb) this.maxPolledMb = rssMb;
  }
}
