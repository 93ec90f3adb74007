import { readFileSync } from 'node:fs';

/**
 * CPU time (user + system, all threads) of the processes taking part in the small-task load, from
 * /proc/<pid>/stat, so the benchmark shows where an export's CPU goes rather than only how long
 * it waits. Linux only; elsewhere, or for a process that is gone, a role counts nothing.
 */

/** USER_HZ: Linux reports utime and stime in hundredths of a second on every architecture Node runs on. */
const MS_PER_TICK = 10;

/** A process's name and the fields after it in /proc/<pid>/stat (field 3, the state, first); undefined when it is gone. */
function procStat(pid: number): { name: string; fields: string[] } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const end = stat.lastIndexOf(')');
    return { name: stat.slice(stat.indexOf('(') + 1, end), fields: stat.slice(end + 2).split(' ') };
  } catch {
    return undefined;
  }
}

/** The parent of a process (PostgreSQL's postmaster, for one of its backends); undefined when unknown. */
export function parentOf(pid: number): number | undefined {
  return Number(procStat(pid)?.fields[1]) || undefined;
}

/** A process's CPU so far, in ms; undefined when it is gone or is not `expectedName` (a pid of another machine's server). */
export function cpuMsOf(pid: number, expectedName?: RegExp): number | undefined {
  const stat = procStat(pid);
  if (!stat || (expectedName && !expectedName.test(stat.name))) return undefined;
  // utime and stime are fields 14 and 15 of the line (1-based).
  return (Number(stat.fields[11]) + Number(stat.fields[12])) * MS_PER_TICK;
}

export interface CpuRole {
  name: string;
  pids: number[];
  /** Only pids whose process name matches count: PostgreSQL and Redis may be on another host. */
  expectedName?: RegExp;
}

export interface CpuShare {
  name: string;
  msPerExport: number;
}

/**
 * CPU of each role from `start()` to `perExport(n)`, divided by the n exports done meanwhile. The
 * roles are looked up again at the end, so processes started during the load (a connection pool
 * growing under it: a new PostgreSQL backend per connection) count with all their CPU.
 */
export class CpuProbe {
  private start = new Map<number, number>();

  constructor(private readonly roles: () => Promise<CpuRole[]>) {}

  async begin(): Promise<void> {
    this.start = sample(await this.roles());
  }

  async perExport(exports: number): Promise<CpuShare[]> {
    const roles = await this.roles();
    const end = sample(roles);
    return roles
      .map((role) => {
        const ms = role.pids.reduce((sum, pid) => sum + Math.max(0, (end.get(pid) ?? 0) - (this.start.get(pid) ?? 0)), 0);
        return { name: role.name, msPerExport: exports > 0 ? ms / exports : NaN };
      })
      .filter((share) => share.msPerExport > 0);
  }
}

function sample(roles: CpuRole[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const role of roles) {
    for (const pid of role.pids) {
      const ms = cpuMsOf(pid, role.expectedName);
      if (ms !== undefined) out.set(pid, ms);
    }
  }
  return out;
}
