import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createServer } from 'node:net';

/** The repository root, whether this runs from scripts/ (tests) or dist/scripts/scripts/ (built). */
export function repoRoot(from = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'nest-cli.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`repository root not found above ${from}`);
    dir = up;
  }
  return dir;
}

/** Compiled entry points, relative to the repository root. */
export const ENTRY = {
  api: 'dist/api/apps/api/src/main.js',
  worker: 'dist/worker/apps/worker/src/main.js',
  embeddedS3: 'dist/scripts/scripts/embedded-s3.js',
  launcher: 'dist/scripts/scripts/start.js',
} as const;

export interface AppProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Sends a signal and resolves with the exit code once the process is gone (SIGKILL after `killAfterMs`). */
  stop(signal?: NodeJS.Signals, killAfterMs?: number): Promise<number | null>;
}

/**
 * Spawns a built app with the given env; every output line goes to `onLine`. `ownGroup`: in a
 * process group of its own, so that a terminal's Ctrl-C reaches only its launcher, which decides
 * the order in which its apps stop; `prefix`: a command it runs under; `program`: a program, not an app.
 */
export function spawnApp(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  onLine: (name: string, line: string) => void,
  root = repoRoot(),
  args: string[] = [],
  { ownGroup = false, prefix = [], program = false }: { ownGroup?: boolean; prefix?: string[]; program?: boolean } = {},
): AppProcess {
  // The IPC channel closes when this process dies, however it dies: the apps then stop (stopWithParent).
  // `prefix`: a command the app runs under (a simulated host's namespace and CPU quota, scripts/sim-hosts.ts);
  // `program`: `entry` is a program of the machine's (a Redis server), not a built app.
  const [command, ...rest] = [...prefix, ...(program ? [entry] : [process.execPath, resolve(root, entry)]), ...args];
  const child = spawn(command, rest, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], detached: ownGroup });
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => onLine(name, line));
  }
  const exited = new Promise<number | null>((done) => child.on('exit', (code, signal) => done(code ?? (signal ? 128 : null))));
  return {
    name,
    child,
    exited,
    stop: (signal = 'SIGTERM', killAfterMs = 30_000) => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const killer = setTimeout(() => {
          onLine(name, `did not exit within ${killAfterMs} ms of ${signal}; killing`);
          child.kill('SIGKILL');
        }, killAfterMs);
        void exited.then(() => clearTimeout(killer));
      }
      return exited;
    },
  };
}

/** A TCP port free on loopback right now (for test and benchmark servers). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
