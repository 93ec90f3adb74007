import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { ExportRecord } from '@app/contracts';
import { AppLauncher } from '../../scripts/app-launcher';
import { dropDatabase } from '../support/databases';
import { generate, sampleTaskAt } from '../support/generate-helpers';
import { bucket } from '../support/inspect';
import { ownedKeys, untilSwept } from '../support/owned-objects';
import { ownPostgres, type OwnService } from '../support/own-services';
import { testEnv } from '../support/test-env';

/**
 * PostgreSQL (a cluster of the test's own) stopped for 15 s while 20 exports are being made: the
 * jobs wait for it (OutageWait) instead of failing, each request is answered with its file or,
 * if it reached the API while the database was down, 503; every export ends done, and housekeeping
 * leaves no object that no row owns.
 */
jest.setTimeout(240_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a 15 s PostgreSQL outage under 20 generates', () => {
  const { appEnv } = testEnv();
  const workDir = mkdtempSync(join(tmpdir(), 'pe-pg-outage-'));
  const launcher = new AppLauncher({}, join(workDir, 'logs'));
  let pg: OwnService | undefined;
  let databaseUrl = '';
  afterAll(async () => {
    await launcher.stopAll(10_000);
    if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
    await pg?.destroy();
    if (!process.env.KEEP_TEST_LOGS) rmSync(workDir, { recursive: true, force: true });
  });

  it('no 500 and no 504, every export done, no orphan object', async () => {
    pg = await ownPostgres();
    // Named after the run's database, so its queue keys fall under the run's prefix and go with it.
    databaseUrl = `${pg.url}${new URL(appEnv.DATABASE_URL).pathname}_pg_outage`;
    const env: Record<string, string> = { ...appEnv, DATABASE_URL: databaseUrl, JOB_LOCK_MS: '5000', HOUSEKEEPING_EVERY_MS: '1000', STORAGE_GRACE_MS: '3000' };
    delete env.QUEUE_PREFIX;
    const api = await launcher.startApi('api-pg', env);
    await launcher.startWorker('worker-pg', env);
    const taskId = await sampleTaskAt(api.url, 'перебой базы');

    const started = Date.now();
    const answers = Array.from({ length: 20 }, () => generate(taskId, api.url).then((r) => ({ status: r.status, at: Date.now() - started })));
    await sleep(300);
    await pg.stop();
    const stoppedAt = Date.now() - started;
    await sleep(15_000);
    await pg.start();
    const results = await Promise.all(answers);
    const statuses = results.map((r) => r.status);
    const ok = statuses.filter((s) => s === 200).length;
    process.stdout.write(
      `PostgreSQL down ${stoppedAt}–${stoppedAt + 15_000} ms: ${ok}×200 (last at ${Math.max(...results.filter((r) => r.status === 200).map((r) => r.at))} ms), ` +
        `${statuses.filter((s) => s === 503).length}×503\n`,
    );
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    // Those that reached the API before it stopped were recorded and waited for it.
    expect(ok).toBeGreaterThan(0);

    const rows = (await request(api.url).get(`/api/tasks/${taskId}/exports`).expect(200)).body as ExportRecord[];
    expect(rows.filter((r) => r.status !== 'done')).toEqual([]);
    expect(rows).toHaveLength(ok);

    // Housekeeping (every second here) removes what no row owns once it is 3 s old.
    await untilSwept(databaseUrl);
    expect((await bucket().list(`tasks/${taskId}/`)).sort()).toEqual(await ownedKeys(databaseUrl, taskId));
  });
});
