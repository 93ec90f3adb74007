import { Queue } from 'bullmq';
import { EXPORT_QUEUE, SOURCE_ERR, sourceSchedulerId, type PriceListSource, type PriceListVersion, type SourceRun } from '@app/contracts';
import { redisOptions } from '@app/config';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import type { StackProcess } from '../../scripts/app-launcher';
import { startApi, startWorker } from '../support/app-runner';
import { adminAuthorization, agentWith } from '../support/auth';
import { sql } from '../support/inspect';
import { ownQueueEnv } from '../support/own-world';
import { createList } from '../support/price-lists';
import { startSupplierServer, type SupplierServer } from '../support/supplier-server';
import { testEnv } from '../support/test-env';

/**
 * DESIGN §16: one poll of a source at a time in the whole cluster, a poll whose worker died done
 * once all the same, and no address this server must not reach — against real workers of a queue
 * of this file's own, which it kills.
 */
jest.setTimeout(180_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('polls of a source across workers', () => {
  const { logDir } = testEnv();
  let supplier: SupplierServer;
  const started: StackProcess[] = [];
  beforeAll(async () => {
    supplier = await startSupplierServer();
  });
  afterAll(async () => {
    await Promise.all(started.map((p) => p.stop('SIGKILL')));
    await supplier.stop();
  });

  async function world(name: string, extra: Record<string, string> = {}) {
    const env = ownQueueEnv(name, { JOB_LOCK_MS: '2000', ...extra });
    const api = await startApi(`api-${name}`, env, logDir);
    started.push(api);
    const at = () => agentWith(api.url, { Authorization: adminAuthorization() });
    const worker = async (n: number) => {
      const w = await startWorker(`worker-${name}-${n}`, env, logDir);
      started.push(w);
      return w;
    };
    return { at, worker };
  }

  const runsOf = async (listId: string) => sql<{ job_id: string; outcome: string | null; finished_at: Date | null; message: string | null }>(`SELECT job_id, outcome, finished_at, message FROM price_list_source_runs WHERE price_list_id = $1`, [listId]);
  const versionsOf = async (listId: string) => sql<{ id: string }>(`SELECT id FROM price_list_versions WHERE price_list_id = $1`, [listId]);
  const until = async (check: () => Promise<boolean>, what: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
      await sleep(100);
    }
  };

  it('a worker killed in the middle of a poll: another worker finishes it, once — one run, one version', async () => {
    const { at, worker } = await world('poll-kill');
    const first = await worker(1);
    const list = await createList();
    supplier.publish('/kill/prices.csv', { body: fixtureBytes('csv/price-utf8-bom-semicolon.csv'), delayMs: 1_500 });
    await at().put(`/api/price-lists/${list.id}/source`).send({ kind: 'url', url: supplier.url('/kill/prices.csv') }).expect(200);
    const seen = supplier.requests.length;
    await at().post(`/api/price-lists/${list.id}/source/run`).expect(202);
    await until(async () => supplier.requests.length > seen, 'the worker fetched');
    first.child.kill('SIGKILL');
    await first.exited;
    await worker(2);
    await until(async () => (await runsOf(list.id)).some((r) => r.finished_at !== null), 'the poll ended');
    const runs = await runsOf(list.id);
    expect(runs).toHaveLength(1);
    expect(runs[0].outcome).toBe('new-version');
    expect(await versionsOf(list.id)).toHaveLength(1);
    expect(supplier.requests.length - seen).toBe(2); // the dead worker's fetch, and the one that made the version
  });

  it('two workers never poll one source at once: of two polls asked together, one fetches and the other ends at once', async () => {
    const { at, worker } = await world('poll-two');
    await worker(1);
    await worker(2);
    const list = await createList();
    supplier.publish('/two/prices.csv', { body: fixtureBytes('csv/price-utf8-bom-semicolon.csv'), delayMs: 1_000 });
    await at().put(`/api/price-lists/${list.id}/source`).send({ kind: 'url', url: supplier.url('/two/prices.csv') }).expect(200);
    const seen = supplier.requests.length;
    await Promise.all([at().post(`/api/price-lists/${list.id}/source/run`).expect(202), at().post(`/api/price-lists/${list.id}/source/run`).expect(202)]);
    await until(async () => (await runsOf(list.id)).some((r) => r.finished_at !== null), 'a poll ended');
    await sleep(1_500);
    expect(await runsOf(list.id)).toHaveLength(1);
    expect(supplier.requests.length - seen).toBe(1);
    expect(await versionsOf(list.id)).toHaveLength(1);
  });

  it('a schedule Redis lost (wiped, restarted without data) is set again from PostgreSQL by a worker; a kept one keeps its next poll', async () => {
    const { at, worker } = await world('poll-schedule');
    await worker(1);
    const list = await createList();
    const set = (await at().put(`/api/price-lists/${list.id}/source`).send({ kind: 'url', url: supplier.url('/none.csv'), everyMinutes: 30 }).expect(200)).body as PriceListSource;
    const queue = new Queue(EXPORT_QUEUE, { prefix: ownQueueEnv('poll-schedule').QUEUE_PREFIX, connection: redisOptions(testEnv().appEnv.REDIS_URL) });
    try {
      // A reconcile meanwhile leaves a kept scheduler as it is.
      await sleep(2_500);
      expect(((await at().get(`/api/price-lists/${list.id}/source`).expect(200)).body as PriceListSource).nextRunAt).toBe(set.nextRunAt);
      await queue.removeJobScheduler(sourceSchedulerId(list.id));
      expect(((await at().get(`/api/price-lists/${list.id}/source`).expect(200)).body as PriceListSource).nextRunAt).toBeNull();
      await until(async () => ((await at().get(`/api/price-lists/${list.id}/source`).expect(200)).body as PriceListSource).nextRunAt !== null, 'the schedule set again');
      await at().delete(`/api/price-lists/${list.id}/source`).expect(204);
      expect(await queue.getJobScheduler(sourceSchedulerId(list.id))).toBeUndefined();
    } finally {
      await queue.close();
    }
  });

  it('refuses loopback and link-local addresses unless SOURCE_ALLOW_PRIVATE: no request leaves', async () => {
    const { at, worker } = await world('poll-private', { SOURCE_ALLOW_PRIVATE: 'false' });
    await worker(1);
    const list = await createList();
    supplier.publish('/private/prices.csv', { body: fixtureBytes('csv/price-utf8-bom-semicolon.csv') });
    const seen = supplier.requests.length;
    for (const url of [supplier.url('/private/prices.csv'), 'http://169.254.169.254/latest/meta-data/', supplier.url('/private/prices.csv', 'localhost')]) {
      await at().put(`/api/price-lists/${list.id}/source`).send({ kind: 'url', url }).expect(200);
      const test = (await at().post(`/api/price-lists/${list.id}/source/test`).send({}).expect(200)).body as { ok: boolean; message: string };
      expect(test.ok).toBe(false);
      // Named by the address it resolved to: localhost's too.
      const refused = ['127.0.0.1', '::1', 'localhost', '169.254.169.254'].map((host) => SOURCE_ERR.privateAddress(host));
      expect(refused).toContain(test.message);
      const before = (await runsOf(list.id)).length;
      await at().post(`/api/price-lists/${list.id}/source/run`).expect(202);
      await until(async () => (await runsOf(list.id)).filter((r) => r.finished_at !== null).length > before, 'the poll ended');
      const runs = (await at().get(`/api/price-lists/${list.id}/source/runs`).expect(200)).body as SourceRun[];
      expect(runs[0].outcome).toBe('failed');
      expect(refused).toContain(runs[0].message);
    }
    expect(supplier.requests.length).toBe(seen);
    expect(((await at().get(`/api/price-lists/${list.id}/versions`).expect(200)).body as PriceListVersion[])).toEqual([]);
  });
});
