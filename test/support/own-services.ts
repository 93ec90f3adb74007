import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/app-processes';

/**
 * PostgreSQL and Redis servers of a test's own, on other loopback ports, to stop, freeze and wipe
 * without touching the machine's shared ones (which every other test uses).
 */
export interface OwnService {
  port: number;
  url: string;
  /** PostgreSQL: `immediate` (default) kills its processes; `fast` ends each session with 57P01 first. */
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  destroy(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await sleep(100);
  }
}

const succeeds = (file: string, args: string[]) => {
  try {
    execFileSync(file, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** A Redis on a free port that keeps nothing on disk: a restart loses every key, as a wiped Redis does. */
export async function ownRedis(): Promise<OwnService> {
  const port = await freePort();
  let server: ChildProcess | undefined;
  const up = () => succeeds('redis-cli', ['-p', String(port), 'ping']);
  const service: OwnService = {
    port,
    url: `redis://127.0.0.1:${port}`,
    start: async () => {
      server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await until(up, `redis on ${port} did not start`);
    },
    stop: async () => {
      const exited = new Promise((r) => server?.once('exit', r));
      server?.kill('SIGKILL');
      await exited;
    },
    destroy: () => service.stop(),
  };
  await service.start();
  return service;
}

const PG_BIN = join('/usr/lib/postgresql', readdirSync('/usr/lib/postgresql').sort().pop()!, 'bin');
const asPostgres = (tool: string, args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, tool), ...args], { stdio: 'ignore' });

/** A PostgreSQL cluster of its own (initdb as the postgres user), trust auth on a free port. */
export async function ownPostgres(): Promise<OwnService> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pe-own-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const ctl = (action: string, extra: string[] = []) => asPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', ...extra, action]);
  const service: OwnService = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}`,
    start: async () => {
      ctl('start', ['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`]);
    },
    stop: async (mode = 'immediate') => {
      ctl('stop', ['-m', mode]);
    },
    destroy: async () => {
      await service.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await service.start();
  return service;
}

/**
 * A PostgreSQL cluster registered with Debian's postgresql-common (pg_createcluster) on a free port
 * and left stopped: what an installed server that is not running looks like to `pg_lsclusters`,
 * without touching the machine's own cluster. `destroy()` stops and drops it.
 */
export async function stoppedDebianCluster(): Promise<{ port: number; cluster: string; destroy(): void }> {
  const port = await freePort();
  const version = readdirSync('/usr/lib/postgresql').sort().pop()!;
  const name = `pe_test_${port}`;
  execFileSync('pg_createcluster', [version, name, '-p', String(port)], { stdio: 'ignore' });
  return {
    port,
    cluster: `${version}/${name}`,
    destroy: () => execFileSync('pg_dropcluster', ['--stop', version, name], { stdio: 'ignore' }),
  };
}
