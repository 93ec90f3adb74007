import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { AUTH_ERR, ERR, JSON_BODY_LIMITS, LIMITS, type PatchTaskResponse, type Task } from '@app/contracts';
import { AppLauncher } from '../../scripts/app-launcher';
import { adminAuthorization, signedInAt } from '../support/auth';
import { jsonOfSize, pushBody, type PushedBody } from '../support/pushed-body';
import { testEnv } from '../support/test-env';

/**
 * Request bodies are read only once the caller is known, and only up to their route's limit
 * (DESIGN §15): a 77 MB body before sign-in is answered at once without being read (the API neither
 * stalls nor grows), 2 MB to a call other than the task save is 413, and the largest valid task
 * save (10,000 items at their field limits, ~91 MB) still goes through.
 */
jest.setTimeout(240_000);

const HUGE = 77 * 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const errorOf = (answer: PushedBody): unknown => JSON.parse(answer.body);
// Failed sign-ins count against the caller's address: this file's own (the API trusts the loopback proxy).
const FROM = { 'X-Forwarded-For': `192.0.2.${Math.floor(Math.random() * 200) + 20}` };

describe('request bodies', () => {
  const { appEnv } = testEnv();
  const workDir = mkdtempSync(join(tmpdir(), 'pe-bodies-'));
  const launcher = new AppLauncher({}, join(workDir, 'logs'));
  // The run's database and queue: only the API is its own, so its memory can be read.
  let api: Awaited<ReturnType<AppLauncher['startApi']>>;
  beforeAll(async () => {
    api = await launcher.startApi('api-bodies', appEnv);
  });
  afterAll(async () => {
    await launcher.stopAll(10_000);
    if (!process.env.KEEP_TEST_LOGS) rmSync(workDir, { recursive: true, force: true });
  });

  it('a 77 MB body without a session is refused unread, while health goes on answering', async () => {
    const huge = jsonOfSize(HUGE, 'login');
    const task = (await signedInAt(api.url).post('/api/tasks').send({ name: 'большие тела' }).expect(201)).body as Task;
    const before = rssMb(api.pid);

    let sending = true;
    const health: { status: number; ms: number }[] = [];
    const polling = (async () => {
      while (sending) {
        const started = Date.now();
        const res = await request(api.url).get('/api/health');
        health.push({ status: res.status, ms: Date.now() - started });
        await sleep(20);
      }
    })();
    const calls = [
      () => pushBody(api.url, '/api/auth/sign-in', huge, { headers: FROM }),
      () => pushBody(api.url, '/api/auth/sign-in', huge, { chunked: true, headers: FROM }),
      () => pushBody(api.url, '/api/tasks', huge),
      // The task save reads the most, but only for a signed-in caller.
      () => pushBody(api.url, `/api/tasks/${task.id}`, huge, { method: 'PATCH', chunked: true }),
    ];
    const expected = [
      [413, { error: ERR.bodyTooLarge }],
      [413, { error: ERR.bodyTooLarge }],
      [401, { error: AUTH_ERR.signInRequired }],
      [401, { error: AUTH_ERR.signInRequired }],
    ];
    // Five rounds of the four at once, so health is asked while they arrive.
    const rounds: PushedBody[][] = [];
    try {
      for (let i = 0; i < 5; i++) rounds.push(await Promise.all(calls.map((call) => call())));
    } finally {
      sending = false;
      await polling;
    }
    await sleep(2_000);
    const after = rssMb(api.pid);

    for (const answers of rounds) {
      expect(answers.map((a) => [a.status, errorOf(a)])).toEqual(expected);
      // The API answered, took in a little more and cut the connection: most of each body was never taken.
      for (const answer of answers) expect(answer.sent).toBeLessThan(HUGE);
    }
    expect(health.length).toBeGreaterThan(0);
    expect(health.filter((h) => h.status !== 200)).toEqual([]);
    // Had one body been read, the API would hold its 77 MB (it grew by 900 MB before).
    expect(after - before).toBeLessThan(HUGE / 1024 / 1024);
    const slowest = (i: number) => Math.max(...rounds.map((answers) => answers[i].ms));
    const mostSent = Math.max(...rounds.flat().map((a) => a.sent));
    process.stdout.write(
      `77 MB bodies without a session, 5×4: sign-in 413 within ${slowest(0)} ms, chunked ${slowest(1)} ms, POST /api/tasks 401 within ${slowest(2)} ms, ` +
        `PATCH 401 within ${slowest(3)} ms, at most ${(mostSent / 1e6).toFixed(1)} MB sent; health ${health.length}× 200, slowest ${Math.max(...health.map((h) => h.ms))} ms; ` +
        `API RSS ${before.toFixed(0)} → ${after.toFixed(0)} MB\n`,
    );

    // The API serves on: a normal sign-in and a signed-in call.
    await request(api.url).post('/api/auth/sign-in').set(FROM).send({ login: 'nobody-of-bodies', password: 'wrong-password' }).expect(401);
    await signedInAt(api.url).get(`/api/tasks/${task.id}`).expect(200);
  });

  it('a sign-in body over 4 KB is 413, one under it is read', async () => {
    const over = await pushBody(api.url, '/api/auth/sign-in', jsonOfSize(JSON_BODY_LIMITS.public + 1, 'login'), { headers: FROM });
    expect([over.status, errorOf(over)]).toEqual([413, { error: ERR.bodyTooLarge }]);
    const under = await pushBody(api.url, '/api/auth/sign-in', jsonOfSize(JSON_BODY_LIMITS.public, 'login'), { headers: FROM });
    // Read and checked: no user has a login that long.
    expect([under.status, errorOf(under)]).toEqual([401, { error: AUTH_ERR.badCredentials }]);
  });

  it.each([
    ['with its length', false],
    ['chunked', true],
  ])('2 MB to a signed-in call other than the task save is 413 (%s), and nothing is stored', async (_, chunked) => {
    const name = `двухмегабайтный ${chunked ? 'поток' : 'запрос'}`;
    const body = Buffer.from(JSON.stringify({ name: `${name} ${'я'.repeat(1_000_000)}` }));
    const answer = await pushBody(api.url, '/api/profiles', body, { chunked, headers: { Authorization: adminAuthorization() } });
    expect([answer.status, errorOf(answer)]).toEqual([413, { error: ERR.bodyTooLarge }]);
    const profiles = (await signedInAt(api.url).get('/api/profiles').expect(200)).body as { name: string }[];
    expect(profiles.filter((p) => p.name.startsWith(name))).toEqual([]);
    // Below the limit the same call is read and answered as usual.
    const small = await pushBody(api.url, '/api/profiles', jsonOfSize(JSON_BODY_LIMITS.other, 'name'), { chunked, headers: { Authorization: adminAuthorization() } });
    expect(small.status).toBe(400);
  });

  it('the largest valid task save (10,000 items at their field limits) is stored; one byte over its limit is 413 at once', async () => {
    const task = (await signedInAt(api.url).post('/api/tasks').send({ name: 'самое большое сохранение' }).expect(201)).body as Task;
    // 3 bytes a character in UTF-8: the widest text an item may hold.
    const text = (i: number) => `${i}`.padEnd(LIMITS.itemTextMax, '中');
    const items = Array.from({ length: LIMITS.itemsMax }, (_, i) => ({ ma: text(i), gm: text(i), name: text(i), minQty: LIMITS.qtyMax, step: LIMITS.qtyMax }));
    const body = Buffer.from(JSON.stringify({ items, version: task.version }));
    expect(body.length).toBeGreaterThan(90 * 1_000_000);
    expect(body.length).toBeLessThanOrEqual(JSON_BODY_LIMITS.taskSave);

    const over = await pushBody(api.url, `/api/tasks/${task.id}`, Buffer.alloc(JSON_BODY_LIMITS.taskSave + 1, 0x20), { method: 'PATCH', headers: { Authorization: adminAuthorization() } });
    expect([over.status, errorOf(over)]).toEqual([413, { error: ERR.bodyTooLarge }]);
    process.stdout.write(`task save one byte over its limit: 413 in ${over.ms} ms, ${over.sent} bytes sent by then\n`);
    expect(over.sent).toBeLessThan(JSON_BODY_LIMITS.taskSave);

    const saved = await pushBody(api.url, `/api/tasks/${task.id}`, body, { method: 'PATCH', headers: { Authorization: adminAuthorization() } });
    expect(saved.status).toBe(200);
    const answer = JSON.parse(saved.body) as PatchTaskResponse;
    expect(answer.items).toHaveLength(LIMITS.itemsMax);
    expect(answer.items[LIMITS.itemsMax - 1]).toEqual(items[LIMITS.itemsMax - 1]);
    process.stdout.write(`the largest task save, ${(body.length / 1e6).toFixed(1)} MB: 200 in ${saved.ms} ms; API RSS ${rssMb(api.pid).toFixed(0)} MB\n`);
    // The task list counts items from a column kept beside them, never reading the 90 MB.
    const listed = ((await signedInAt(api.url).get('/api/tasks?view=summary').expect(200)).body as { id: string; itemCount: number }[]).find((t) => t.id === task.id);
    expect(listed?.itemCount).toBe(LIMITS.itemsMax);
    await signedInAt(api.url).delete(`/api/tasks/${task.id}`).expect(204);
  });
});
