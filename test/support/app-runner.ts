import { AppLauncher, type StackProcess } from '../../scripts/app-launcher';
import { ENTRY, repoRoot } from '../../scripts/app-processes';

export const REPO_ROOT = repoRoot();

/**
 * The extra APIs and workers a test file starts (bad settings, other worlds, crashes), through
 * the same launcher as the run's own stack; whatever is still running when the file ends is
 * stopped (test/setup/stop-leftover-processes.ts).
 */
const launchers = new Map<string, AppLauncher>();
const launcher = (logDir: string) => launchers.get(logDir) ?? launchers.set(logDir, new AppLauncher({}, logDir)).get(logDir)!;

export async function stopAllStarted(): Promise<void> {
  await Promise.all([...launchers.values()].map((l) => l.stopAll(10_000)));
}

/** Starts a built app with exactly `env` (plus the machine's); returns at once. */
export function startApp(kind: 'api' | 'worker', name: string, env: Record<string, string>, logDir: string): StackProcess {
  return launcher(logDir).startApp(name, ENTRY[kind], env);
}

/** An API on a free port, once its health answers `healthStatus`. */
export function startApi(name: string, env: Record<string, string>, logDir: string, healthStatus = 200) {
  return launcher(logDir).startApi(name, env, healthStatus);
}

/** A worker, once it says it is ready. */
export function startWorker(name: string, env: Record<string, string>, logDir: string) {
  return launcher(logDir).startWorker(name, env);
}
