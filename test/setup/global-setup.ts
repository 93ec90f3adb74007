import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IsolatedStack } from '../../scripts/isolated-stack';
import type { TestEnv } from '../support/test-env';
import { DEFAULT_ADMIN_LOGIN, personalToken } from '../../scripts/sign-in';

declare global {
  // eslint-disable-next-line no-var
  var __PRICE_EXPORT_STACK__: IsolatedStack | undefined;
}

/**
 * One isolated world per `npm test` run (scripts/isolated-stack.ts, as the benchmark's): its own
 * database, queue prefix and bucket, an S3-compatible server, the built API and one worker as
 * real processes. Test files read what they need from a small JSON file (test-env.ts).
 */
export default async function globalSetup(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'price-export-test-'));
  const stack = new IsolatedStack({
    kind: 'pe_test',
    workDir,
    redisUrl: process.env.TEST_REDIS_URL,
    // Sources fetch from the tests' own servers on loopback (DESIGN §16: SOURCE_ALLOW_PRIVATE), and seal their secrets with a key of the run's.
    env: { NODE_ENV: 'test', LOG_LEVEL: 'info', GENERATE_TIMEOUT_MS: '60000', JOB_LOCK_MS: '5000', SOURCE_ALLOW_PRIVATE: 'true', SOURCE_TIMEOUT_MS: '3000', SECRETS_KEY: randomBytes(36).toString('base64') },
  });
  globalThis.__PRICE_EXPORT_STACK__ = stack;
  await stack.startS3();
  const api = await stack.startApi('api');
  await stack.startWorker('worker');

  // The run's admin, as every test calls the API (test/support/api-client.ts): the first admin of
  // the fresh database, signed in once, with a personal token.
  const adminToken = await personalToken(api.url, DEFAULT_ADMIN_LOGIN.login, DEFAULT_ADMIN_LOGIN.password, 'tests');
  const env: TestEnv = { runId: stack.id, apiUrl: api.url, appEnv: stack.env, logDir: stack.logDir, adminToken };
  const envFile = join(workDir, 'env.json');
  writeFileSync(envFile, JSON.stringify(env));
  process.env.PE_TEST_ENV_FILE = envFile;
  process.env.API_URL = api.url;
  process.stdout.write(`\ntest run ${stack.id}: API ${api.url}, S3 ${stack.env.S3_ENDPOINT}, logs in ${stack.logDir}\n`);
}
