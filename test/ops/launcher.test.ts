import type { ExportRecord } from '@app/contracts';
import { dropDatabase } from '../support/databases';
import { signedInAt } from '../support/auth';
import { generate, sampleTaskAt } from '../support/generate-helpers';
import { alive, childrenOf, launchApp } from '../support/launched-app';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `npm start`'s launcher (the built scripts/start.js) with an API and a worker of its own
 * database: it stops them as gently as they stop themselves, and they never outlive it.
 * (test/resilience/shutdown.test.ts signals `npm start` itself, under load.)
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
});
