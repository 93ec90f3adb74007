import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERR, type ExportRecord } from '@app/contracts';
import { AppLauncher } from '../../scripts/app-launcher';
import { dropDatabase } from '../support/databases';
import { signedInAt } from '../support/auth';
import { generate, sampleTaskAt } from '../support/generate-helpers';
import { ownPostgres, type OwnService } from '../support/own-services';
import { testEnv } from '../support/test-env';

/**
 * PostgreSQL stopped 0.1–0.15 s after a burst of 20 generates, while the API is recording their
 * exports: a query on a dropped connection, TypeORM's released query runner, a server shutting
 * down — each request answers 200 or 503 `База данных недоступна`, never 500 (DESIGN §15); the
 * API and the worker live through it, and every recorded export ends once the database is back.
 */
jest.setTimeout(300_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PostgreSQL stopped under a burst of generates', () => {
  const { appEnv } = testEnv();
  const workDir = mkdtempSync(join(tmpdir(), 'pe-pg-burst-'));
  const launcher = new AppLauncher({}, join(workDir, 'logs'));
  let pg: OwnService | undefined;
  let databaseUrl = '';
  afterAll(async () => {
    await launcher.stopAll(10_000);
    if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
    await pg?.destroy();
    if (!process.env.KEEP_TEST_LOGS) rmSync(workDir, { recursive: true, force: true });
  });

  it('no 500 in three rounds (stopped after 100, 125, 150 ms), the processes live on, no export stuck', async () => {
    pg = await ownPostgres();
    // Named after the run's database, so its queue keys fall under the run's prefix and go with it.
    databaseUrl = `${pg.url}${new URL(appEnv.DATABASE_URL).pathname}_pg_burst`;
    const env: Record<string, string> = { ...appEnv, DATABASE_URL: databaseUrl, JOB_LOCK_MS: '5000' };
    delete env.QUEUE_PREFIX;
    const api = await launcher.startApi('api-pg-burst', env);
    const worker = await launcher.startWorker('worker-pg-burst', env);
    const taskId = await sampleTaskAt(api.url, 'обрыв базы');
    await generate(taskId, api.url).expect(200);

    const seen: string[] = [];
    for (const [delay, mode] of [[100, 'immediate'], [125, 'fast'], [150, 'immediate']] as const) {
      const answers = Array.from({ length: 20 }, () => generate(taskId, api.url).then((r) => r));
      await sleep(delay);
      await pg.stop(mode);
      await sleep(3_000);
      await pg.start();
      const results = await Promise.all(answers);
      const statuses = results.map((r) => r.status);
      seen.push(`${delay} ms (${mode}): ${statuses.filter((s) => s === 200).length}×200, ${statuses.filter((s) => s === 503).length}×503`);
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      for (const refused of results.filter((r) => r.status === 503)) expect(JSON.parse((refused.body as Buffer).toString())).toEqual({ error: ERR.databaseUnavailable });
      expect({ api: api.child.exitCode, worker: worker.child.exitCode }).toEqual({ api: null, worker: null });
    }
    process.stdout.write(`PostgreSQL stopped after a burst of 20 generates: ${seen.join('; ')}\n`);

    // Every export that was recorded ends, done (or failed), none left queued or running.
    const deadline = Date.now() + 90_000;
    let rows: ExportRecord[];
    for (;;) {
      rows = (await signedInAt(api.url).get(`/api/tasks/${taskId}/exports`).expect(200)).body as ExportRecord[];
      if (rows.every((r) => r.status === 'done' || r.status === 'failed') || Date.now() > deadline) break;
      await sleep(500);
    }
    expect(rows.filter((r) => r.status !== 'done' && r.status !== 'failed')).toEqual([]);
    await generate(taskId, api.url).expect(200);
    expect({ api: api.child.exitCode, worker: worker.child.exitCode }).toEqual({ api: null, worker: null });
  });
});
