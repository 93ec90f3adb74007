import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import Redis from 'ioredis';
import { defaultQueuePrefix } from '../libs/config/src/app-config';
import { AppLauncher, type StackProcess } from './app-launcher';
import { ENTRY, repoRoot } from './app-processes';

export interface StackOptions {
  /** `pe_test`, `pe_bench`…: names the database `<kind>_<id>` and the bucket `<kind>-<id>`. */
  kind: string;
  workDir: string;
  redisUrl?: string;
  /** The PostgreSQL server, without a database name. */
  pgUrl?: string;
  /** Settings of every app started here. */
  env?: Record<string, string>;
}

/**
 * The real system, isolated from everything else on the machine, for the tests and the
 * benchmark alike: its own database (the API creates and migrates it), hence its own queue
 * prefix, its own bucket on an embedded S3 server with its data under `workDir`, free ports, and
 * the built API and workers as real processes. `close()` stops every process it started and
 * drops the database, the Redis keys and the files, also after a failure.
 */
export class IsolatedStack extends AppLauncher {
  readonly id: string;
  s3?: StackProcess;
  private readonly redisUrl: string;
  private readonly pgUrl: string;

  constructor(private readonly options: StackOptions) {
    const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    const pgUrl = options.pgUrl ?? 'postgres://postgres@127.0.0.1:5432';
    const redisUrl = options.redisUrl ?? 'redis://127.0.0.1:6379';
    const databaseUrl = `${pgUrl}/${options.kind.replace(/-/g, '_')}_${id}`;
    super(
      {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        QUEUE_PREFIX: defaultQueuePrefix(databaseUrl),
        S3_BUCKET: `${options.kind.replace(/_/g, '-')}-${id}`,
        WEB_DIST: join(repoRoot(), 'dist/web'),
        // Whatever the apps write beside their data (the mail outbox without SMTP_URL) stays in the stack's folder.
        DATA_DIR: join(options.workDir, 'data'),
        ...options.env,
      },
      join(options.workDir, 'logs'),
    );
    this.id = id;
    this.pgUrl = pgUrl;
    this.redisUrl = redisUrl;
  }

  /** The embedded S3 server; its endpoint goes into `env`. */
  async startS3(): Promise<StackProcess> {
    const s3 = this.startApp('s3', ENTRY.embeddedS3, {}, [join(this.options.workDir, 's3')]);
    const line = await this.waitForLine(s3, /^\{"endpoint"/, 20_000);
    this.env.S3_ENDPOINT = (JSON.parse(line) as { endpoint: string }).endpoint;
    this.s3 = s3;
    return s3;
  }

  /** A pg client on the stack's database. */
  async db(): Promise<Client> {
    const pg = new Client({ connectionString: this.env.DATABASE_URL });
    await pg.connect();
    return pg;
  }

  /** Stops everything, drops the database and every queue key under the prefix; lists what failed. */
  async close({ keepFiles = false } = {}): Promise<string[]> {
    const problems: string[] = [];
    const attempt = async (what: string, fn: () => Promise<unknown>) => {
      try {
        await fn();
      } catch (error) {
        problems.push(`${what}: ${(error as Error).message}`);
      }
    };
    this.closed = true;
    problems.push(...(await this.stopAll()));
    await attempt('drop database', async () => {
      const name = decodeURIComponent(new URL(this.env.DATABASE_URL).pathname.slice(1));
      const pg = new Client({ connectionString: `${this.pgUrl}/postgres` });
      await pg.connect();
      try {
        await pg.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
      } finally {
        await pg.end();
      }
    });
    await attempt('delete redis keys', async () => {
      const redis = new Redis(this.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
      await redis.connect();
      try {
        // The prefix and those built on it: other databases named after it, own-world suffixes.
        const stream = redis.scanStream({ match: `${this.env.QUEUE_PREFIX}*`, count: 1000 });
        for await (const keys of stream) if ((keys as string[]).length) await redis.del(...(keys as string[]));
      } finally {
        redis.disconnect();
      }
    });
    if (!keepFiles) rmSync(this.options.workDir, { recursive: true, force: true });
    return problems;
  }
}
