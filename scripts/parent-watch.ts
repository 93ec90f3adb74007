/**
 * Calls `onGone` once the process that started this one has exited (checked every `everyMs`).
 * `npm start`'s steps run under npm: when npm is killed in a way it cannot pass on (SIGKILL, a
 * crash), they must stop too rather than run on orphaned. process.ppid is read once at start,
 * so the original parent is probed with signal 0.
 */
export function watchParent(onGone: () => void, everyMs = 1_000): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (alive(parent)) return;
    clearInterval(timer);
    onGone();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

function alive(pid: number): boolean {
  if (pid <= 1) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but is not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
