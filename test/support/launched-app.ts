import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ENTRY, freePort } from '../../scripts/app-processes';
import { REPO_ROOT } from './app-runner';
import { testEnv } from './test-env';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Direct children of a process (Linux: /proc/<pid>/task/<tid>/children). */
export function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** Every process below `pid`, children first. */
export const descendantsOf = (pid: number): number[] => childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);

/** Running (a zombie waiting to be reaped counts as gone). */
export function alive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0] !== 'Z';
  } catch {
    return false;
  }
}

/** The command line of a process, for messages. */
export const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
};

export interface LaunchedApp {
  /** `npm` (npm start) or the launcher itself. */
  process: ChildProcess;
  url: string;
  databaseUrl: string;
  /** The env it was started with (another launcher on the same port reuses it). */
  env: Record<string, string>;
  lines: string[];
  exited: Promise<number | null>;
  /** Resolves once every process it started is gone, or rejects naming those still running. */
  allGone(timeoutMs: number): Promise<void>;
}

/** A started `npm start` or launcher: every line it printed, and its exit code once it ends. */
export interface Started {
  process: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
}

/**
 * The env `launchApp` gives an app named `name`: the run's services, a database of its own
 * (`<run's database>_<name>`, dropped by the caller), a free port, one worker.
 */
export async function launchEnv(name: string, extra: Record<string, string> = {}): Promise<{ env: Record<string, string>; port: number; databaseUrl: string }> {
  const { appEnv } = testEnv();
  const port = await freePort();
  const databaseUrl = `${appEnv.DATABASE_URL}_${name}`;
  const env: Record<string, string> = { ...(process.env as Record<string, string>), ...appEnv, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', WORKERS: '1', ...extra };
  // Derived from the database: under the run's prefix, so the run's clean-up removes its keys.
  delete env.QUEUE_PREFIX;
  return { env, port, databaseUrl };
}

/** Starts `npm start` (`how: 'npm'`) or its launcher alone (`'launcher'`) with exactly `env`; returns at once. */
export function startLaunch(how: 'npm' | 'launcher', env: Record<string, string>): Started {
  const [command, args] = how === 'npm' ? ['npm', ['start']] : [process.execPath, [join(REPO_ROOT, ENTRY.launcher)]];
  const child = spawn(command, args as string[], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((done) => child.once('exit', (code, signal) => done(code ?? (signal ? 128 : null))));
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) createInterface({ input: stream }).on('line', (l) => lines.push(l));
  return { process: child, lines, exited };
}

/**
 * `npm start` (`how: 'npm'`) or its launcher alone (`'launcher'`) with an API and `workers`
 * workers on a database of its own (`<run's database>_<name>`, dropped by the caller), once every
 * worker is ready.
 */
export async function launchApp(how: 'npm' | 'launcher', name: string, extra: Record<string, string> = {}): Promise<LaunchedApp> {
  const { env, port, databaseUrl } = await launchEnv(name, extra);
  const { process: child, lines, exited } = startLaunch(how, env);

  const workers = Number(env.WORKERS);
  const deadline = Date.now() + 120_000;
  while (lines.filter((l) => l.includes('worker ready')).length < workers) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`${how} did not start:\n${lines.slice(-30).join('\n')}`);
    }
    await sleep(100);
  }
  const started = descendantsOf(child.pid!);
  return {
    process: child,
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    env,
    lines,
    exited,
    allGone: async (timeoutMs) => {
      const until = Date.now() + timeoutMs;
      const all = [child.pid!, ...started];
      while (all.some(alive) && Date.now() < until) await sleep(100);
      const left = all.filter(alive);
      if (left.length) throw new Error(`still running ${timeoutMs} ms later: ${left.map((p) => `${p} ${commandOf(p)}`).join('; ')}`);
    },
  };
}
