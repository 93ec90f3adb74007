import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import type { StackProcess } from '../app-launcher';
import { IsolatedStack } from '../isolated-stack';
import { parentOf, type CpuRole } from './cpu-probe';
import { personalToken } from '../sign-in';

export type BenchProcess = StackProcess;

/**
 * The real system for the HTTP stages: the isolated stack the tests use too (own database, queue
 * prefix, bucket, s3rver data under the run's work dir, free ports), in production mode, with
 * the workers the benchmark starts and stops between its stages.
 */
export class BenchStack extends IsolatedStack {
  apiUrl = '';
  api?: BenchProcess;
  workers: BenchProcess[] = [];
  private workerSeq = 0;

  constructor(workDir: string) {
    super({
      kind: 'pe_bench',
      workDir,
      redisUrl: process.env.BENCH_REDIS_URL,
      pgUrl: process.env.BENCH_PG_URL,
      env: {
        NODE_ENV: 'production',
        ADMIN_USER: 'bench',
        ADMIN_PASSWORD: randomBytes(12).toString('hex'),
        LOG_LEVEL: 'info',
        GENERATE_TIMEOUT_MS: '600000',
        UPLOAD_MAX_MB: '200',
      },
    });
  }

  async start(): Promise<void> {
    await this.startS3();
    const api = await this.startApi('api');
    this.api = api;
    this.apiUrl = api.url;
  }

  /** The benchmark signs in as the first admin (its ADMIN_USER) and calls with a personal token, as a script would. */
  adminToken(): Promise<string> {
    return personalToken(this.apiUrl, this.env.ADMIN_USER, this.env.ADMIN_PASSWORD, 'benchmark');
  }

  /** A worker with the app's default WORKER_CONCURRENCY unless `concurrency` is given. */
  async startBenchWorker(concurrency?: number): Promise<BenchProcess> {
    const worker = await this.startWorker(`worker-${++this.workerSeq}`, concurrency ? { WORKER_CONCURRENCY: String(concurrency) } : {});
    this.workers.push(worker);
    return worker;
  }

  async stopWorkers(): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((w) => w.stop('SIGTERM', 20_000)));
  }

  /**
   * Every process an export passes through, for CpuProbe: the stack's own (the workers with their
   * engine threads), the benchmark itself (its clients), and the PostgreSQL and Redis servers
   * when they run on this machine (every PostgreSQL process: postmaster, backends, background writers).
   */
  async cpuRoles(): Promise<CpuRole[]> {
    const workers = this.workers.map((w) => w.pid);
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
    const redis = new Redis(this.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    let redisPid: number[] = [];
    try {
      await redis.connect();
      const pid = /^process_id:(\d+)/m.exec(await redis.info('server'))?.[1];
      redisPid = pid ? [Number(pid)] : [];
    } finally {
      redis.disconnect();
    }
    return [
      { name: 'workers (with their engine threads)', pids: workers },
      { name: 'embedded S3', pids: this.s3 ? [this.s3.pid] : [] },
      { name: 'API', pids: this.api ? [this.api.pid] : [] },
      { name: 'PostgreSQL', pids: postgres, expectedName: /postgres/ },
      { name: 'Redis', pids: redisPid, expectedName: /redis/ },
      { name: 'benchmark clients', pids: [process.pid] },
    ];
  }

}
