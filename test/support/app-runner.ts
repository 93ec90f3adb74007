import { createWriteStream, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ENTRY, repoRoot, spawnApp, type AppProcess } from '../../scripts/app-processes';
import { freePort, waitForHttp } from './ports';

export const REPO_ROOT = repoRoot();

/** Every process a test file starts; whatever is still running when the file ends is stopped. */
const started = new Set<AppProcess>();

export async function stopAllStarted(): Promise<void> {
  await Promise.all([...started].map((proc) => proc.stop('SIGTERM', 10_000)));
}

/** Starts a built app whose output goes to `<logDir>/<name>.log`; lines are also kept in memory. */
export function startApp(kind: 'api' | 'worker', name: string, env: Record<string, string>, logDir: string): AppProcess & { lines: string[] } {
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
  const lines: string[] = [];
  const proc = spawnApp(name, ENTRY[kind], { ...process.env, ...env }, (_, line) => {
    lines.push(line);
    log.write(`${line}\n`);
  }, REPO_ROOT);
  started.add(proc);
  void proc.exited.then(() => {
    started.delete(proc);
    log.end();
  });
  return Object.assign(proc, { lines });
}

/** An API on a fresh port, waited for until /api/health says ok. */
export async function startApi(name: string, env: Record<string, string>, logDir: string, healthStatus = 200) {
  const port = await freePort();
  const proc = startApp('api', name, { ...env, PORT: String(port), HOST: '127.0.0.1' }, logDir);
  const url = `http://127.0.0.1:${port}`;
  await Promise.race([
    waitForHttp(`${url}/api/health`, 60_000, healthStatus),
    proc.exited.then((code) => {
      throw new Error(`${name} exited with ${code} before it was healthy:\n${proc.lines.slice(-20).join('\n')}`);
    }),
  ]);
  return Object.assign(proc, { url });
}

/** Waits until a log line matching `pattern` appears (worker readiness, job ids…). */
export async function waitForLine(proc: { lines: string[] }, pattern: RegExp, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const hit = proc.lines.find((l) => pattern.test(l));
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no line matching ${pattern} within ${timeoutMs} ms:\n${proc.lines.slice(-20).join('\n')}`);
}

export async function startWorker(name: string, env: Record<string, string>, logDir: string) {
  const proc = startApp('worker', name, env, logDir);
  await waitForLine(proc, /worker ready/);
  return proc;
}
