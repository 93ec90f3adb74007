import { Client } from 'pg';
import { ERR } from '@app/contracts';
import { dropDatabase } from '../support/databases';
import { generate, sampleTaskAt } from '../support/generate-helpers';
import { launchApp } from '../support/launched-app';

/**
 * Stopping the app as process managers do: SIGTERM to the PID of `npm start` stops every process
 * it started, and a shutdown under load answers every request (its file, or 503 for one that came
 * too late), never 504 or a reset connection, and leaves no export queued.
 */
jest.setTimeout(240_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function exportStatuses(databaseUrl: string): Promise<Record<string, number>> {
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    const { rows } = await pg.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM exports GROUP BY status`);
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  } finally {
    await pg.end();
  }
}

/** What a request ended with: its status, or the network error that ended it. */
const outcome = (promise: PromiseLike<{ status: number; body: unknown }>) =>
  Promise.resolve(promise).then(
    (res) => ({ status: res.status, body: res.body }),
    (error: NodeJS.ErrnoException) => ({ status: 0, body: error.code ?? error.message }),
  );

describe('shutdown', () => {
  const databases = new Set<string>();
  afterAll(() => Promise.all([...databases].map((url) => dropDatabase(url))));

  it('SIGTERM to the PID of `npm start` stops npm, the launcher, the API and every worker', async () => {
    const app = await launchApp('npm', 'npm_start', { WORKERS: '2' });
    databases.add(app.databaseUrl);
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
    const started = Date.now();
    app.process.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    await app.allGone(10_000);
    process.stdout.write(`npm start stopped in ${Date.now() - started} ms\n`);
    await expect(fetch(`${app.url}/api/health`)).rejects.toThrow();
  });

  it('npm killed outright (SIGKILL): the launcher notices and stops the API and the workers', async () => {
    const app = await launchApp('npm', 'npm_killed');
    databases.add(app.databaseUrl);
    app.process.kill('SIGKILL');
    await app.exited;
    await app.allGone(20_000);
  });

  it.each([100, 1_500])('24 generates and SIGTERM %i ms later: each answered 200 or 503, none left queued', async (delayMs) => {
    const app = await launchApp('launcher', `shutdown_${delayMs}`, { WORKERS: '2', GENERATE_TIMEOUT_MS: '30000' });
    databases.add(app.databaseUrl);
    const taskId = await sampleTaskAt(app.url);
    const started = Date.now();
    const answers = Array.from({ length: 24 }, () => outcome(generate(taskId, app.url)));
    await sleep(delayMs);
    app.process.kill('SIGTERM');
    const results = await Promise.all(answers);
    const statuses = results.map((r) => r.status);
    process.stdout.write(`SIGTERM at ${delayMs} ms: ${statuses.filter((s) => s === 200).length}×200, ${statuses.filter((s) => s === 503).length}×503 in ${Date.now() - started} ms\n`);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    for (const refused of results.filter((r) => r.status === 503)) expect(JSON.parse((refused.body as Buffer).toString())).toEqual({ error: ERR.serviceUnavailable });
    expect(await app.exited).toBe(0);
    await app.allGone(10_000);
    // Every request answered 200 had its export made; one answered 503 recorded none.
    expect(await exportStatuses(app.databaseUrl)).toEqual(statuses.includes(200) ? { done: statuses.filter((s) => s === 200).length } : {});
  });
});
