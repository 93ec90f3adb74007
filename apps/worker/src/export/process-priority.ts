import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { EnginePriority } from '@app/config';

/**
 * Lowers the CPU priority of every thread of the calling process: the main thread, V8's helper
 * threads (its compilers and garbage collector) and libuv's pool, which all exist before any of
 * our code runs. Threads started afterwards inherit it from the thread that starts them.
 * `low`: nice 19. `idle`: also SCHED_IDLE, so the process gives way at once to any normal thread
 * that wakes up (nice 19 alone still lets it finish its time slice first, which stretches every
 * hop of a small export's path while big ones run). Returns what was applied: a refusal or a
 * missing `chrt` (util-linux) leaves the better of what worked. Linux only; elsewhere nothing.
 */
export function lowerProcessPriority(priority: EnginePriority): EnginePriority {
  if (priority === 'normal' || process.platform !== 'linux') return 'normal';
  try {
    // Linux keeps the nice value per thread; setpriority() on a thread id changes that thread.
    for (const tid of readdirSync('/proc/self/task')) setPriority(Number(tid), 19);
  } catch {
    return 'normal';
  }
  if (priority === 'low') return 'low';
  try {
    // Node has no sched_setscheduler; chrt sets the policy of all the process's threads.
    execFileSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], { stdio: 'ignore', timeout: 5_000 });
    return 'idle';
  } catch {
    return 'low';
  }
}
