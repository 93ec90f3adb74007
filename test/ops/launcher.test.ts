import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ENTRY, freePort } from '../../scripts/app-processes';
import { REPO_ROOT } from '../support/app-runner';
import { dropDatabase } from '../support/databases';
import { generate, sampleTaskAt } from '../support/generate-helpers';
import { testEnv } from '../support/test-env';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Direct children of a process (Linux: /proc/<pid>/task/<tid>/children). */
const childrenOf = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).flatMap((tid) => readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number));

const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0] !== 'Z';
  } catch {
    return false;
  }
};

/**
 * `npm start`'s launcher (the built scripts/start.js) with an API and a worker of its own
 * database: it stops them as gently as they stop themselves, and they never outlive it.
 */
describe('the npm start launcher', () => {
  const { appEnv } = testEnv();
  const databaseUrl = `${appEnv.DATABASE_URL}_launcher`;
  afterAll(() => dropDatabase(databaseUrl));

  async function launch(): Promise<{ launcher: ChildProcess; url: string; exited: Promise<number | null> }> {
    const port = await freePort();
    const env: Record<string, string> = { ...process.env, ...appEnv, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', WORKERS: '1' } as Record<string, string>;
    delete env.QUEUE_PREFIX;
    const launcher = spawn(process.execPath, [join(REPO_ROOT, ENTRY.launcher)], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((done) => launcher.once('exit', (code) => done(code)));
    const lines: string[] = [];
    createInterface({ input: launcher.stdout! }).on('line', (l) => lines.push(l));
    const deadline = Date.now() + 60_000;
    while (!lines.some((l) => l.includes('worker ready'))) {
      if (Date.now() > deadline) throw new Error(`the launcher did not start:\n${lines.slice(-20).join('\n')}`);
      await sleep(100);
    }
    return { launcher, url: `http://127.0.0.1:${port}`, exited };
  }

  it('SIGTERM: a generate in flight still gets its file, then everything stops', async () => {
    const { launcher, url, exited } = await launch();
    const apps = childrenOf(launcher.pid!);
    expect(apps).toHaveLength(2);
    const taskId = await sampleTaskAt(url);
    const inFlight = generate(taskId, url).then((r) => r);
    // In flight: its export row is there, its job queued or already taken by the worker.
    while (((await (await fetch(`${url}/api/tasks/${taskId}/exports`)).json()) as unknown[]).length === 0);
    launcher.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await exited).toBe(0);
    expect(apps.filter(alive)).toEqual([]);
  }, 120_000);

  it('SIGKILL: its API and worker do not run on orphaned, they stop by themselves', async () => {
    const { launcher, exited } = await launch();
    const apps = childrenOf(launcher.pid!);
    expect(apps).toHaveLength(2);
    launcher.kill('SIGKILL');
    await exited;
    const deadline = Date.now() + 20_000;
    while (apps.some(alive) && Date.now() < deadline) await sleep(100);
    expect(apps.filter(alive)).toEqual([]);
  }, 120_000);
});
