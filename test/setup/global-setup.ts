import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ENTRY, spawnApp, type AppProcess } from '../../scripts/app-processes';
import { REPO_ROOT, startApi, startWorker } from '../support/app-runner';
import type { TestEnv } from '../support/test-env';

export interface TestRun {
  env: TestEnv;
  processes: AppProcess[];
  workDir: string;
}

declare global {
  // eslint-disable-next-line no-var
  var __PRICE_EXPORT_RUN__: TestRun | undefined;
}

async function startS3(dir: string, logDir: string): Promise<{ endpoint: string; proc: AppProcess }> {
  let resolveEndpoint: (endpoint: string) => void;
  const endpoint = new Promise<string>((r) => (resolveEndpoint = r));
  const proc = spawnApp('s3', ENTRY.embeddedS3, process.env, (_, line) => {
    if (line.startsWith('{')) resolveEndpoint(JSON.parse(line).endpoint);
  }, REPO_ROOT, [dir]);
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('s3rver did not start')), 20_000));
  void logDir;
  return { endpoint: await Promise.race([endpoint, timeout]), proc };
}

/**
 * One isolated world per `npm test` run: its own database, Redis key prefix and bucket, an
 * S3-compatible server, the built API and one worker as real processes.
 */
export default async function globalSetup(): Promise<void> {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const workDir = mkdtempSync(join(tmpdir(), `price-export-test-${runId}-`));
  const logDir = join(workDir, 'logs');
  mkdirSync(logDir, { recursive: true });

  const s3 = await startS3(join(workDir, 's3'), logDir);
  const appEnv: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/pe_test_${runId}`,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `pe-test-${runId}`,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: `pe-test-${runId}`,
    LOG_LEVEL: 'info',
    GENERATE_TIMEOUT_MS: '60000',
    JOB_LOCK_MS: '5000',
    WEB_DIST: join(REPO_ROOT, 'dist/web'),
  };
  const api = await startApi('api', appEnv, logDir);
  const worker = await startWorker('worker', appEnv, logDir);

  const env: TestEnv = { runId, apiUrl: api.url, appEnv, logDir };
  const envFile = join(workDir, 'env.json');
  writeFileSync(envFile, JSON.stringify(env));
  process.env.PE_TEST_ENV_FILE = envFile;
  process.env.API_URL = api.url;
  globalThis.__PRICE_EXPORT_RUN__ = { env, processes: [worker, api, s3.proc], workDir };
  process.stdout.write(`\ntest run ${runId}: API ${api.url}, S3 ${s3.endpoint}, logs in ${logDir}\n`);
}
