import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ENTRY, freePort, repoRoot, spawnApp, type AppProcess } from './app-processes';

/** A started app: its pid and every line it printed (also in `<logDir>/<name>.log`). */
export interface StackProcess extends AppProcess {
  pid: number;
  lines: string[];
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Starts the built apps as real processes with one env, each logging to `<logDir>/<name>.log`,
 * and waits until they are ready; `stopAll()` stops whatever it started. The tests' own extra
 * APIs and workers and the isolated stack (tests and benchmark) are all started through it.
 */
export class AppLauncher {
  protected readonly spawned = new Set<StackProcess>();
  protected closed = false;

  constructor(
    readonly env: Record<string, string>,
    readonly logDir: string,
    /** The tree whose built apps run: the checkout, or a copy of what the image holds. */
    readonly root = repoRoot(),
  ) {
    mkdirSync(logDir, { recursive: true });
  }

  /** An API on a free port, once its health answers `healthStatus`. */
  async startApi(name = 'api', extra: Record<string, string> = {}, healthStatus = 200): Promise<StackProcess & { url: string }> {
    const port = await freePort();
    const api = this.startApp(name, ENTRY.api, { ...extra, PORT: String(port), HOST: '127.0.0.1' });
    const url = `http://127.0.0.1:${port}`;
    await this.waitForHealth(api, `${url}/api/health`, healthStatus, 90_000);
    return Object.assign(api, { url });
  }

  /** A worker, once it says it is ready. */
  async startWorker(name = 'worker', extra: Record<string, string> = {}): Promise<StackProcess> {
    const worker = this.startApp(name, ENTRY.worker, extra);
    await this.waitForLine(worker, /worker ready/, 60_000);
    return worker;
  }

  /** Starts a built entry point with the stack's env (under `prefix`, a simulated host's); returns at once. */
  startApp(name: string, entry: string, extra: Record<string, string> = {}, args: string[] = [], prefix: string[] = [], program = false): StackProcess {
    if (this.closed) throw new Error('the stack is closed');
    const log = createWriteStream(join(this.logDir, `${name}.log`), { flags: 'a' });
    const lines: string[] = [];
    const proc = spawnApp(name, entry, { ...process.env, ...this.env, ...extra }, (_, line) => {
      log.write(`${line}\n`);
      lines.push(line);
    }, this.root, args, { prefix, program });
    const started = Object.assign(proc, { pid: proc.child.pid ?? 0, lines });
    this.spawned.add(started);
    void proc.exited.then(() => {
      this.spawned.delete(started);
      log.end();
    });
    return started;
  }

  async waitForLine(proc: StackProcess, pattern: RegExp, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const hit = proc.lines.find((l) => pattern.test(l));
      if (hit) return hit;
      if (proc.child.exitCode !== null) break;
      await sleep(50);
    }
    throw new Error(`${proc.name} did not print ${pattern} within ${timeoutMs} ms:\n${proc.lines.slice(-20).join('\n')}`);
  }

  protected async waitForHealth(proc: StackProcess, url: string, status: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < deadline && proc.child.exitCode === null) {
      try {
        const res = await fetch(url);
        if (res.status === status) return;
        last = `HTTP ${res.status}`;
      } catch (error) {
        last = (error as Error).message;
      }
      await sleep(200);
    }
    throw new Error(`${proc.name} did not answer ${status} at ${url} (${last || `exited with ${proc.child.exitCode}`}):\n${proc.lines.slice(-20).join('\n')}`);
  }

  /** Stops every process still running, workers first (no job taken from an API going away), S3 last. */
  async stopAll(graceMs = 20_000): Promise<string[]> {
    const problems: string[] = [];
    const order = [...this.spawned].sort((a, b) => rank(a.name) - rank(b.name));
    for (const proc of order) {
      await proc.stop('SIGTERM', graceMs).catch((error: Error) => problems.push(`stop ${proc.name}: ${error.message}`));
    }
    return problems;
  }
}

const rank = (name: string) => (name.startsWith('worker') ? 0 : name === 's3' ? 2 : 1);
