import type { AppConfig } from './app-config';

/**
 * How long an app may take to stop after SIGTERM: a generate in flight may wait up to
 * GENERATE_TIMEOUT_MS for its job, and then streams the file. The API exits by itself past it;
 * a launcher waits this long before it kills one of its apps.
 */
export function shutdownGraceMs(config: Pick<AppConfig, 'GENERATE_TIMEOUT_MS'>): number {
  return config.GENERATE_TIMEOUT_MS + 10_000;
}

/**
 * An app started by a launcher with an IPC channel (`npm start`, the tests' stacks) stops as on
 * SIGTERM when that channel closes, i.e. when the launcher is gone, even killed with SIGKILL:
 * it never runs on orphaned. Started any other way (Docker, by hand) it does nothing.
 */
export function stopWithParent(): void {
  if (!process.send) return;
  // The channel must not keep the process alive by itself.
  (process.channel as { unref?: () => void } | undefined)?.unref?.();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
