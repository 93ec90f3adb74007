import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERR, type ExportRecord } from '@app/contracts';
import { AppLauncher } from '../../scripts/app-launcher';
import { dropDatabase } from '../support/databases';
import { adminAt, signedInAt } from '../support/auth';
import { generate, sampleTaskAt } from '../support/generate-helpers';
import { bucket } from '../support/inspect';
import { ownedKeys, untilSwept } from '../support/owned-objects';
import { ownPostgres, type OwnService } from '../support/own-services';
import { testEnv } from '../support/test-env';

/**
 * PostgreSQL (a cluster of the test's own) stopped for 15 s while 20 exports are being made: the
 * jobs wait for it (OutageWait) instead of failing, each request is answered with its file or,
 * if it reached the API while the database was down or could not wait that long, 503 (never 500
 * or 504); every export ends done, and housekeeping leaves no object that no row owns.
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
    // An API that waits only 4 s for a job: it cannot wait out the outage.
    const impatient = await launcher.startApi('api-pg-impatient', { ...env, GENERATE_TIMEOUT_MS: '4000' });
    const worker = await launcher.startWorker('worker-pg', env);
    const taskId = await sampleTaskAt(api.url, 'перебой базы');
    const otherTaskId = await sampleTaskAt(api.url, 'перебой базы, короткое ожидание');
    // The same database: the first admin signs in there too, so generate() reaches it signed in.
    await adminAt(impatient.url);

    // The worker is frozen until the database is down, so every export meets the outage (a fast
    // machine made the two short waits' exports before the stop, and they answered 200).
    process.kill(worker.pid, 'SIGSTOP');
    const started = Date.now();
    const answers = Array.from({ length: 20 }, () => generate(taskId, api.url).then((r) => ({ status: r.status, at: Date.now() - started })));
    const shortWaits = Array.from({ length: 2 }, () => generate(otherTaskId, impatient.url).then((r) => r));
    await sleep(300);
    // Both short waits are recorded before the database stops: their exports are to be made.
    while (((await signedInAt(api.url).get(`/api/tasks/${otherTaskId}/exports`).expect(200)).body as ExportRecord[]).length < 2) await sleep(5);
    await pg.stop();
    process.kill(worker.pid, 'SIGCONT');
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
    // Their wait ran out while the database was down: 503, try again later, not 504.
    for (const res of await Promise.all(shortWaits)) {
      expect(res.status).toBe(503);
      expect(JSON.parse((res.body as Buffer).toString())).toEqual({ error: ERR.databaseUnavailable });
    }
    // Those that reached the API before it stopped were recorded and waited for it.
    expect(ok).toBeGreaterThan(0);

    const rows = (await signedInAt(api.url).get(`/api/tasks/${taskId}/exports`).expect(200)).body as ExportRecord[];
    expect(rows.filter((r) => r.status !== 'done')).toEqual([]);
    expect(rows).toHaveLength(ok);
    // The requests that gave up do not fail their exports: made once the database was back.
    const deadline = Date.now() + 60_000;
    let others: ExportRecord[];
    for (;;) {
      others = (await signedInAt(api.url).get(`/api/tasks/${otherTaskId}/exports`).expect(200)).body as ExportRecord[];
      if (others.every((r) => r.status === 'done') || Date.now() > deadline) break;
      await sleep(250);
    }
    expect(others.map((r) => r.status)).toEqual(['done', 'done']);

    // Housekeeping (every second here) removes what no row owns once it is 3 s old.
    await untilSwept(databaseUrl);
    for (const id of [taskId, otherTaskId]) expect((await bucket().list(`tasks/${id}/`)).sort()).toEqual(await ownedKeys(databaseUrl, id));
  });
});
