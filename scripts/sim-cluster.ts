import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chmodSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { AppLauncher, type StackProcess } from './app-launcher';
import { ENTRY, repoRoot } from './app-processes';
import { SimNetwork, type SimHost } from './sim-hosts';

/**
 * The whole system spread over simulated hosts (DESIGN §18): PostgreSQL, Redis, the S3 server and
 * the API on a `services` host, each worker on a host of its own with a CPU quota and a temporary
 * folder of its own. Every address the apps are given is the services host's on the simulated
 * network, so anything that assumed one machine (a loopback address, a shared temporary file, the
 * embedded S3 on localhost) would fail here. Used by the benchmark (`--hosts`) and by a test.
 */
export class SimCluster extends AppLauncher {
  readonly network: SimNetwork;
  readonly services: SimHost;
  readonly apiUrl: string;
  private readonly pgData: string;
  private readonly ports = { pg: 5432, redis: 6379, s3: 9000, api: 3000 };
  private postgresUp = false;
  private readonly redisPassword: string;

  constructor(
    id: string,
    private readonly workDir: string,
    env: Record<string, string> = {},
  ) {
    const network = new SimNetwork(id);
    const services = network.addHost('svc');
    const at = services.address;
    // Redis refuses clients on other hosts unless it has a password, as a real one on a network should.
    const redisPassword = randomBytes(12).toString('hex');
    super(
      {
        DATABASE_URL: `postgres://postgres@${at}:5432/pe_hosts`,
        REDIS_URL: `redis://:${redisPassword}@${at}:6379`,
        S3_ENDPOINT: `http://${at}:9000`,
        S3_BUCKET: 'pe-hosts',
        QUEUE_PREFIX: 'pe-hosts',
        WEB_DIST: join(repoRoot(), 'dist/web'),
        ...env,
      },
      join(workDir, 'logs'),
    );
    this.network = network;
    this.services = services;
    this.apiUrl = `http://${at}:${this.ports.api}`;
    this.pgData = join(workDir, 'pg');
    this.redisPassword = redisPassword;
  }

  /** PostgreSQL, Redis, the S3 server and the API on the services host, once the API answers. */
  async startServices(apiEnv: Record<string, string> = {}): Promise<StackProcess> {
    const at = this.services.address;
    this.startPostgres();
    const redis = this.startCommand('redis', ['redis-server', '--bind', at, '--port', String(this.ports.redis), '--requirepass', this.redisPassword, '--save', '', '--appendonly', 'no'], this.services);
    await this.waitForLine(redis, /Ready to accept connections/, 20_000);
    const s3 = this.startApp('s3', ENTRY.embeddedS3, {}, [join(this.workDir, 's3'), String(this.ports.s3), at], this.services.prefix);
    await this.waitForLine(s3, /^\{"endpoint"/, 20_000);
    const api = this.startApp('api', ENTRY.api, { HOST: at, PORT: String(this.ports.api), ...apiEnv }, [], this.services.prefix);
    await this.waitForHealth(api, `${this.apiUrl}/api/health`, 200, 90_000);
    return api;
  }

  /** A worker host: a worker process in a namespace of its own, `cpus` of CPU, its own temporary folder. */
  async startWorkerHost(name: string, cpus: number, extra: Record<string, string> = {}): Promise<{ host: SimHost; worker: StackProcess }> {
    const host = this.network.addHost(name, cpus);
    const tmp = join(this.workDir, `tmp-${name}`);
    mkdirSync(tmp, { recursive: true });
    const worker = this.startApp(`worker-${name}`, ENTRY.worker, { TMPDIR: tmp, ...extra }, [], host.prefix);
    await this.waitForLine(worker, /worker ready/, 60_000);
    return { host, worker };
  }

  /**
   * Every process of the cluster by role, for the benchmark's CpuProbe: the services host's
   * (PostgreSQL's postmaster and every process it forked, Redis, S3, the API) and each worker host's.
   */
  cpuRoles(): { name: string; pids: number[] }[] {
    const of = (name: string) => [...this.spawned].filter((p) => p.name === name).map((p) => p.pid);
    const postmaster = Number(readFileSync(join(this.pgData, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const workers = [...this.spawned].filter((p) => p.name.startsWith('worker-'));
    return [
      { name: 'PostgreSQL', pids: [postmaster, ...descendants(postmaster)] },
      { name: 'Redis', pids: of('redis') },
      { name: 'S3', pids: of('s3') },
      { name: 'API', pids: of('api') },
      ...workers.map((w) => ({ name: w.name, pids: [w.pid] })),
    ];
  }

  /** Stops every process, PostgreSQL, the hosts and their network; removes the files unless kept. */
  async destroy({ keepFiles = false } = {}): Promise<string[]> {
    this.closed = true;
    const problems = await this.stopAll(10_000);
    if (this.postgresUp) {
      try {
        this.pgCtl(['stop', '-m', 'immediate']);
      } catch (error) {
        problems.push(`stop postgres: ${(error as Error).message}`);
      }
    }
    this.network.destroy();
    if (!keepFiles) rmSync(this.workDir, { recursive: true, force: true });
    return problems;
  }

  /** A cluster of its own (initdb as the postgres user), trusting the simulated network, listening on the services host. */
  private startPostgres(): void {
    mkdirSync(this.workDir, { recursive: true });
    chmodSync(this.workDir, 0o777);
    execFileSync('runuser', ['-u', 'postgres', '--', join(pgBin(), 'initdb'), '-D', this.pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'], { stdio: 'ignore' });
    appendFileSync(join(this.pgData, 'pg_hba.conf'), `host all all ${this.network.gateway}/24 trust\n`);
    this.pgCtl(['start', '-o', `-p ${this.ports.pg} -k ${this.workDir} -c listen_addresses=${this.services.address} -c max_connections=200`]);
    this.postgresUp = true;
  }

  private pgCtl(args: string[]): void {
    const [command, ...rest] = [...this.services.prefix, 'runuser', '-u', 'postgres', '--', join(pgBin(), 'pg_ctl'), '-D', this.pgData, '-l', join(this.workDir, 'pg.log'), '-w', ...args];
    execFileSync(command, rest, { stdio: 'ignore' });
  }

  /** A program that is not one of ours (Redis), on a host, logged like the apps. */
  private startCommand(name: string, [program, ...args]: string[], host: SimHost): StackProcess {
    return this.startApp(name, program, {}, args, host.prefix, true);
  }
}

/** Every process below `pid` (Linux: /proc/<pid>/task/<tid>/children). */
function descendants(pid: number): number[] {
  try {
    const children = readdirSync(`/proc/${pid}/task`).flatMap((tid) => readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
    return children.flatMap((child) => [child, ...descendants(child)]);
  } catch {
    return [];
  }
}

function pgBin(): string {
  return join('/usr/lib/postgresql', readdirSync('/usr/lib/postgresql').sort().pop()!, 'bin');
}
