import { createWriteStream, existsSync, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import Redis from 'ioredis';
import { ENTRY, freePort, repoRoot, spawnApp, type AppProcess } from '../app-processes';
import { parentOf, type CpuRole } from './cpu-probe';
import { processTree } from './memory-probe';



/**
 * The real system for the HTTP stages, isolated from everything else on the machine: its own
 * database `pe_bench_<id>` (the API creates and migrates it), Redis key prefix, bucket, s3rver
 * data directory under the run's temp dir and free ports. `close()` stops every process it
 * started and drops the database, the Redis keys and the files, also after a failure.
 */
export interface BenchProcess extends AppProcess {
  pid: number;
  tail: string[];
}

export class BenchStack {
  readonly id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  readonly root = repoRoot();
  readonly env: Record<string, string>;
  apiUrl = '';
  api?: BenchProcess;
  workers: BenchProcess[] = [];
  private s3?: BenchProcess;
  private readonly logs: WriteStream[] = [];
  private workerSeq = 0;
  /** Every process started, ready or not, so close() leaves none behind even mid-start. */
  private readonly spawned = new Set<BenchProcess>();
  private closed = false;

  constructor(
    private readonly workDir: string,
    private readonly redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    private readonly pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432',
  ) {
    mkdirSync(join(workDir, 'logs'), { recursive: true });
    const webDist = join(this.root, 'dist/web');
    this.env = {
      NODE_ENV: 'production',
      ADMIN_USER: 'bench',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      DATABASE_URL: `${this.pgUrl}/pe_bench_${this.id}`,
      REDIS_URL: this.redisUrl,
      QUEUE_PREFIX: `pe-bench-${this.id}`,
      S3_BUCKET: `pe-bench-${this.id}`,
      LOG_LEVEL: 'info',
      GENERATE_TIMEOUT_MS: '600000',
      UPLOAD_MAX_MB: '200',
      WORKER_HEALTH_PORT: '0',
      WEB_DIST: existsSync(webDist) ? webDist : '',
    };
  }

  get logDir(): string {
    return join(this.workDir, 'logs');
  }

  async start(): Promise<void> {
    this.s3 = this.spawn('s3', ENTRY.embeddedS3, {}, [join(this.workDir, 's3')]);
    const endpointLine = await this.waitForLine(this.s3, /^\{"endpoint"/, 20_000);
    this.env.S3_ENDPOINT = (JSON.parse(endpointLine) as { endpoint: string }).endpoint;
    const port = await freePort();
    this.api = this.spawn('api', ENTRY.api, { PORT: String(port), HOST: '127.0.0.1' });
    this.apiUrl = `http://127.0.0.1:${port}`;
    await this.waitForHealth(this.api, `${this.apiUrl}/api/health`, 90_000);
  }

  /** A worker with the app's default WORKER_CONCURRENCY unless `concurrency` is given. */
  async startWorker(concurrency?: number): Promise<BenchProcess> {
    const worker = this.spawn(`worker-${++this.workerSeq}`, ENTRY.worker, concurrency ? { WORKER_CONCURRENCY: String(concurrency) } : {});
    await this.waitForLine(worker, /worker ready/, 60_000);
    this.workers.push(worker);
    return worker;
  }

  async stopWorkers(): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((w) => w.stop('SIGTERM', 20_000)));
  }

  async close(): Promise<string[]> {
    const problems: string[] = [];
    const attempt = async (what: string, fn: () => Promise<unknown>) => {
      try {
        await fn();
      } catch (error) {
        problems.push(`${what}: ${(error as Error).message}`);
      }
    };
    this.closed = true;
    await attempt('stop workers', () => this.stopWorkers());
    await attempt('stop api', async () => this.api?.stop('SIGTERM', 20_000));
    await attempt('stop s3', async () => this.s3?.stop('SIGTERM', 10_000));
    await attempt('stop the rest', () => Promise.all([...this.spawned].map((p) => p.stop('SIGTERM', 10_000))));
    await attempt('drop database', async () => {
      const pg = new Client({ connectionString: `${this.pgUrl}/postgres` });
      await pg.connect();
      try {
        await pg.query(`DROP DATABASE IF EXISTS "pe_bench_${this.id}" WITH (FORCE)`);
      } finally {
        await pg.end();
      }
    });
    await attempt('delete redis keys', async () => {
      const redis = new Redis(this.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
      await redis.connect();
      try {
        const stream = redis.scanStream({ match: `${this.env.QUEUE_PREFIX}:*`, count: 1000 });
        for await (const keys of stream) if ((keys as string[]).length) await redis.del(...(keys as string[]));
      } finally {
        redis.disconnect();
      }
    });
    for (const log of this.logs) log.end();
    return problems;
  }

  /**
   * Every process an export passes through, for CpuProbe: the stack's own, the engine processes
   * under the workers, the benchmark itself (its clients), and the PostgreSQL and Redis servers
   * when they run on this machine (every PostgreSQL process: postmaster, backends, background writers).
   */
  async cpuRoles(): Promise<CpuRole[]> {
    const workers = this.workers.map((w) => w.pid);
    const engines = workers.flatMap((pid) => processTree(pid).filter((p) => p !== pid));
    const pg = await this.db();
    let postgres: number[] = [];
    try {
      postgres = (await pg.query<{ pid: number }>('SELECT pid FROM pg_stat_activity')).rows.map((r) => r.pid);
      // The postmaster forks a backend for every new connection; it is not in pg_stat_activity.
      const postmaster = postgres.length ? parentOf(postgres[0]) : undefined;
      if (postmaster) postgres.push(postmaster);
    } finally {
      await pg.end();
    }
    const redis = new Redis(this.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    let redisPid: number[] = [];
    try {
      await redis.connect();
      const pid = /^process_id:(\d+)/m.exec(await redis.info('server'))?.[1];
      redisPid = pid ? [Number(pid)] : [];
    } finally {
      redis.disconnect();
    }
    return [
      { name: 'workers', pids: workers },
      { name: 'engine processes', pids: engines, background: true },
      { name: 'embedded S3', pids: this.s3 ? [this.s3.pid] : [] },
      { name: 'API', pids: this.api ? [this.api.pid] : [] },
      { name: 'PostgreSQL', pids: postgres, expectedName: /postgres/ },
      { name: 'Redis', pids: redisPid, expectedName: /redis/ },
      { name: 'benchmark clients', pids: [process.pid] },
    ];
  }

  /** A pg client on the bench database (for exports.timings). */
  async db(): Promise<Client> {
    const pg = new Client({ connectionString: this.env.DATABASE_URL });
    await pg.connect();
    return pg;
  }

  private spawn(name: string, entry: string, extra: Record<string, string>, args: string[] = []): BenchProcess {
    if (this.closed) throw new Error('the bench stack is closed');
    const log = createWriteStream(join(this.logDir, `${name}.log`), { flags: 'a' });
    this.logs.push(log);
    const tail: string[] = [];
    const proc = spawnApp(name, entry, { ...process.env, ...this.env, ...extra }, (_, line) => {
      log.write(`${line}\n`);
      tail.push(line);
      if (tail.length > 200) tail.shift();
    }, this.root, args);
    const bench = Object.assign(proc, { pid: proc.child.pid ?? 0, tail });
    this.spawned.add(bench);
    void proc.exited.then(() => this.spawned.delete(bench));
    return bench;
  }

  private async waitForLine(proc: BenchProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const hit = proc.tail.find((l) => pattern.test(l));
      if (hit) return hit;
      if (proc.child.exitCode !== null) break;
      await sleep(50);
    }
    throw new Error(`${proc.name} did not print ${pattern} within ${timeoutMs} ms:\n${proc.tail.slice(-15).join('\n')}`);
  }

  private async waitForHealth(proc: BenchProcess, url: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < deadline) {
      if (proc.child.exitCode !== null) break;
      try {
        const res = await fetch(url);
        if (res.status === 200) return;
        last = `HTTP ${res.status}`;
      } catch (error) {
        last = (error as Error).message;
      }
      await sleep(200);
    }
    throw new Error(`${proc.name} not healthy at ${url} (${last}):\n${proc.tail.slice(-15).join('\n')}`);
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

