import { readFileSync } from 'node:fs';

/** What global setup started, shared with every test file through a small JSON file. */
export interface TestEnv {
  runId: string;
  apiUrl: string;
  /** The env the shared API and worker run with; tests that start their own processes extend it. */
  appEnv: Record<string, string>;
  logDir: string;
  /** A personal token of the first admin (admin / admin), made by global setup: `api()` sends it. */
  adminToken: string;
}


let cached: TestEnv | undefined;

export function testEnv(): TestEnv {
  if (!cached) cached = JSON.parse(readFileSync(process.env.PE_TEST_ENV_FILE ?? '', 'utf8')) as TestEnv;
  return cached;
}

export const apiUrl = () => testEnv().apiUrl;
