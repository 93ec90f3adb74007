import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Resident memory of a process from /proc (Linux): VmRSS now and VmHWM, the kernel's own
 * high-water mark, which sees every peak however short. Writing `5` to /proc/<pid>/clear_refs
 * resets VmHWM, so a peak can be taken per stage of a long-lived process (the worker). A poller
 * of VmRSS runs as well, as a cross-check and as the fallback where clear_refs is not allowed.
 */
export interface MemoryStatus {
  rssMb: number;
  hwmMb: number;
  /** Anonymous and shared-memory pages: the process's own. */
  anonMb: number;
  /** File-backed pages: mostly the node binary and libraries, shared with every node process. */
  fileMb: number;
}

export function memoryOf(pid: number): MemoryStatus {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(text)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024, anonMb: (kb('RssAnon') + kb('RssShmem')) / 1024, fileMb: kb('RssFile') / 1024 };
}

export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** A process and its descendants (the worker and its engine process), via /proc/<pid>/task/<tid>/children. */
export function processTree(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
  return [pid, ...children.flatMap(processTree)];
}

/**
 * Peak resident memory of a process, or of a worker and its engine process together, during a
 * stage. One process: its VmHWM, which sees every peak however short. Several: their pages are
 * counted once, as the machine holds them — each one's anonymous memory, plus the file-backed
 * pages (the node binary and libraries, mapped by all of them) of the process with the most —
 * polled every 5 ms, since the kernel keeps no peak of a sum. `upperMb` is the sum of their
 * VmHWMs, which counts the shared binary twice: an upper bound, never below the true peak.
 */
export class PeakRssProbe {
  private maxPolledMb = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly hwmReset: boolean;

  constructor(
    private readonly pids: number[],
    everyMs = 5,
  ) {
    this.hwmReset = pids.map(resetPeak).every(Boolean);
    this.poll();
    this.timer = setInterval(() => this.poll(), everyMs);
  }

  stop(): { peakMb: number; upperMb: number; source: 'VmHWM' | 'polled'; perProcessMb: number[] } {
    clearInterval(this.timer);
    this.poll();
    const hwm = this.pids.map((pid) => this.status(pid)?.hwmMb ?? NaN);
    const upperMb = this.hwmReset ? hwm.reduce((a, b) => a + b, 0) : NaN;
    if (this.pids.length === 1 && Number.isFinite(upperMb)) return { peakMb: Math.max(upperMb, this.maxPolledMb), upperMb, source: 'VmHWM', perProcessMb: hwm };
    return { peakMb: this.maxPolledMb, upperMb, source: 'polled', perProcessMb: hwm };
  }

  private status(pid: number): (MemoryStatus & { anonMb: number; fileMb: number }) | undefined {
    try {
      return memoryOf(pid);
    } catch {
      return undefined;
    }
  }

  private poll(): void {
    let anon = 0;
    let file = 0;
    for (const pid of this.pids) {
      const s = this.status(pid);
      if (!s) continue;
      anon += s.anonMb;
      file = Math.max(file, s.fileMb);
    }
    if (anon + file > this.maxPolledMb) this.maxPolledMb = anon + file;
  }
}
