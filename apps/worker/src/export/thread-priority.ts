import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { EnginePriority } from '@app/config';

/**
 * Lowers the CPU priority of the calling thread only (Linux keeps nice value and scheduling
 * policy per thread; elsewhere this does nothing, as it would apply to the whole process).
 * `low`: nice 19. `idle`: also SCHED_IDLE, so the thread gives way at once to any normal thread
 * that wakes up (nice 19 alone still lets it finish its time slice first, which stretches every
 * hop of a small export's path while big ones run). Returns what was applied: a refusal or a
 * missing `chrt` (util-linux) leaves the better of what worked.
 */
export function lowerThreadPriority(priority: EnginePriority): EnginePriority {
  if (priority === 'normal' || process.platform !== 'linux') return 'normal';
  try {
    setPriority(0, 19);
  } catch {
    return 'normal';
  }
  if (priority === 'low') return 'low';
  try {
    // Node has no sched_setscheduler; chrt applies SCHED_IDLE to this thread's id.
    const tid = readlinkSync('/proc/thread-self').split('/').pop()!;
    execFileSync('chrt', ['--idle', '--pid', '0', tid], { stdio: 'ignore', timeout: 5_000 });
    return 'idle';
  } catch {
    return 'low';
  }
}
