import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportRecord } from '@app/contracts';
import { ENTRY, freePort } from '../../scripts/app-processes';
import { dropDatabase } from '../support/databases';
import { signedInAt } from '../support/auth';
import { generate, sampleTaskAt } from '../support/generate-helpers';
import { alive, childrenOf, commandOf, descendantsOf, launchApp, launchEnv, startLaunch, type Started } from '../support/launched-app';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The launcher's API process (its other children are workers). */
const apiOf = (launcher: number) => childrenOf(launcher).find((pid) => commandOf(pid).includes(ENTRY.api));

/** Its exit code; a launcher still running after `timeoutMs` is killed (its apps then stop by themselves). */
async function exitOf(run: Started, timeoutMs: number): Promise<number | null> {
  const timer = setTimeout(() => run.process.kill('SIGKILL'), timeoutMs);
  try {
    return await run.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** A folder for DATA_DIR: the embedded S3 server keeps its files under it, so it stays empty if none started. */
const emptyDataDir = () => mkdtempSync(join(tmpdir(), 'pe-launcher-data-'));

/**
 * `npm start`'s launcher (the built scripts/start.js) with an API and a worker of its own
 * database: it stops them as gently as they stop themselves, and they never outlive it; it
 * restarts an API that crashed, stops when the API cannot start, and refuses a port in use before
 * it starts anything. (test/resilience/shutdown.test.ts signals `npm start` itself, under load.)
 */
describe('the npm start launcher', () => {
  const databases = new Set<string>();
  afterAll(() => Promise.all([...databases].map((url) => dropDatabase(url))));

  const launch = async () => {
    const app = await launchApp('launcher', 'launcher');
    databases.add(app.databaseUrl);
    return app;
  };

  it('SIGTERM: a generate in flight still gets its file, then everything stops', async () => {
    const app = await launch();
    const apps = childrenOf(app.process.pid!);
    expect(apps).toHaveLength(2);
    const taskId = await sampleTaskAt(app.url);
    const inFlight = generate(taskId, app.url).then((r) => r);
    // In flight once the API has recorded its export: a request still on its way when the
    // signal comes is answered 503 instead (shutdown.test.ts).
    for (;;) {
      const rows = (await signedInAt(app.url).get(`/api/tasks/${taskId}/exports`).expect(200)).body as ExportRecord[];
      if (rows.length) break;
      await sleep(5);
    }
    app.process.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await app.exited).toBe(0);
    expect(apps.filter(alive)).toEqual([]);
  }, 120_000);

  it('SIGKILL: its API and worker do not run on orphaned, they stop by themselves', async () => {
    const app = await launch();
    const apps = childrenOf(app.process.pid!);
    expect(apps).toHaveLength(2);
    app.process.kill('SIGKILL');
    await app.exited;
    const deadline = Date.now() + 20_000;
    while (apps.some(alive) && Date.now() < deadline) await sleep(100);
    expect(apps.filter(alive)).toEqual([]);
  }, 120_000);
  it('kill -9 the API: the launcher starts it again, health answers and exports are made; the worker lives on', async () => {
    const app = await launch();
    const api = apiOf(app.process.pid!)!;
    const worker = childrenOf(app.process.pid!).find((pid) => pid !== api)!;
    process.kill(api, 'SIGKILL');
    let again: number | undefined;
    const deadline = Date.now() + 60_000;
    for (;;) {
      again = apiOf(app.process.pid!);
      const health = await fetch(`${app.url}/api/health`).then((r) => r.status, () => 0);
      if (again && again !== api && health === 200) break;
      if (Date.now() > deadline) throw new Error(`the API did not come back:\n${app.lines.slice(-20).join('\n')}`);
      await sleep(200);
    }
    expect(app.lines).toContain('launcher | api was ended by SIGKILL; restarting in 1 s');
    expect(alive(worker)).toBe(true);
    expect(app.process.exitCode).toBeNull();
    const taskId = await sampleTaskAt(app.url);
    expect((await generate(taskId, app.url)).status).toBe(200);

    app.process.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    await app.allGone(20_000);
    while (alive(again) && Date.now() < deadline + 20_000) await sleep(100);
    expect(alive(again)).toBe(false);
  }, 120_000);

  it('an API that cannot start (no PostgreSQL where DATABASE_URL says): three crashes within a minute stop the launcher with one line saying why', async () => {
    const { env } = await launchEnv('crash-loop', { DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/pe_nowhere` });
    const run = startLaunch('launcher', env);
    expect(await exitOf(run, 90_000)).toBe(1);
    expect(run.lines.filter((l) => l.startsWith('launcher'))).toEqual([
      'launcher | api exited with 1; restarting in 1 s',
      'launcher | api exited with 1; restarting in 1 s',
      'launcher | stopping: the API ended 3 times within a minute (the last time it exited with 1); its last lines above say why',
    ]);
    expect(run.lines.filter((l) => /^api +\| API failed to start: .*ECONNREFUSED/.test(l))).toHaveLength(3);
    expect(run.lines.filter((l) => l.startsWith('worker'))).toEqual([]);
  }, 120_000);

  it('a second npm start on the port of a running app stops at once with one line naming the port, and starts nothing', async () => {
    const first = await launch();
    const apps = descendantsOf(first.process.pid!);
    const dataDir = emptyDataDir();
    try {
      // Without S3_ENDPOINT, as a second checkout's: it would start an S3 server of its own under DATA_DIR.
      const env: Record<string, string> = { ...first.env, DATA_DIR: dataDir };
      delete env.S3_ENDPOINT;
      const second = startLaunch('npm', env);
      expect(await exitOf(second, 60_000)).toBe(1);
      const port = first.env.PORT;
      // npm's own two lines (the script it runs), then ours: nothing was built, started or served.
      expect(second.lines.filter((l) => l && !l.startsWith('> '))).toEqual([
        `npm start: port ${port} (PORT) is already in use on 127.0.0.1, by another npm start or another program: stop it or set PORT to a free port`,
      ]);
      expect(readdirSync(dataDir)).toEqual([]);
      expect(descendantsOf(first.process.pid!)).toEqual(apps);
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    first.process.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 120_000);

  it('the launcher alone, with the embedded S3 port in use: stops at once naming EMBEDDED_S3_PORT, starts nothing', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => taken.once('listening', r));
    const port = (taken.address() as { port: number }).port;
    const dataDir = emptyDataDir();
    try {
      const { env } = await launchEnv('s3-port', { DATA_DIR: dataDir, EMBEDDED_S3_PORT: String(port) });
      delete env.S3_ENDPOINT;
      const run = startLaunch('launcher', env);
      expect(await exitOf(run, 30_000)).toBe(1);
      expect(run.lines).toEqual([
        `npm start: port ${port} (EMBEDDED_S3_PORT) is already in use on 127.0.0.1, by another npm start or another program: stop it or set EMBEDDED_S3_PORT to a free port`,
      ]);
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
