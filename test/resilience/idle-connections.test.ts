import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { AppLauncher } from '../../scripts/app-launcher';
import { dropDatabase } from '../support/databases';
import { signedInAt } from '../support/auth';
import { generate, sampleTaskAt } from '../support/generate-helpers';
import { testEnv } from '../support/test-env';

/**
 * PostgreSQL ends the API's and the worker's idle connections (pg_terminate_backend, as an
 * administrator, a failover or an idle timeout of a proxy does): each pooled client then emits
 * `error` while nobody is using it. No process may end of it (DESIGN §15); both serve on, on new
 * connections.
 */
jest.setTimeout(180_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('idle database connections ended by the server', () => {
  const { appEnv } = testEnv();
  const workDir = mkdtempSync(join(tmpdir(), 'pe-idle-kill-'));
  const launcher = new AppLauncher({}, join(workDir, 'logs'));
  const databaseUrl = `${appEnv.DATABASE_URL}_idle_kill`;
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  afterAll(async () => {
    await launcher.stopAll(10_000);
    await dropDatabase(databaseUrl);
    if (!process.env.KEEP_TEST_LOGS) rmSync(workDir, { recursive: true, force: true });
  });

  /** Ends every connection to the test's database but this one; how many it ended. */
  async function terminateAll(): Promise<number> {
    const admin = new Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: boolean }>('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      return rows.filter((r) => r.ended).length;
    } finally {
      await admin.end();
    }
  }

  it('the API and the worker live on and serve on new connections', async () => {
    const env: Record<string, string> = { ...appEnv, DATABASE_URL: databaseUrl };
    delete env.QUEUE_PREFIX;
    const api = await launcher.startApi('api-idle-kill', env);
    const worker = await launcher.startWorker('worker-idle-kill', env);
    const taskId = await sampleTaskAt(api.url, 'оборванные соединения');
    // Both pools hold connections now, idle between calls.
    await generate(taskId, api.url).expect(200);

    const ended: number[] = [];
    for (let round = 0; round < 3; round++) {
      ended.push(await terminateAll());
      // Each ended client's `error` reaches its process as the socket closes.
      await sleep(1_000);
      expect({ api: api.child.exitCode, worker: worker.child.exitCode }).toEqual({ api: null, worker: null });
      await generate(taskId, api.url).expect(200);
      await signedInAt(api.url).get(`/api/tasks/${taskId}/exports`).expect(200);
    }
    process.stdout.write(`idle connections ended by the server, three rounds: ${ended.join(', ')}; the API and the worker served after each\n`);
    expect(Math.min(...ended)).toBeGreaterThan(1);
    expect({ api: api.child.exitCode, worker: worker.child.exitCode }).toEqual({ api: null, worker: null });
  });
});
