import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { COLUMNS_JOB, EXPORT_JOB, EXPORT_QUEUE, JOB_KINDS, MAIL_QUEUE, OPS_ERR, SCHEDULED_JOB_NAMES, type Batch, type Delivery, type PriceList } from '@app/contracts';
import { redisOptions } from '@app/config';
import { METRIC, DEPENDENCIES, DELIVERY_OUTCOMES, SOURCE_POLL_OUTCOMES, QUEUE_STATES } from '@app/metrics';
import { parseExposition, samples, value, type Sample } from '@app/metrics/testing/exposition';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { startApi, startWorker } from '../support/app-runner';
import { agentWith, signedInAt, userWithRole } from '../support/auth';
import { generate, readyTask } from '../support/generate-helpers';
import { bigTask, ownQueueEnv } from '../support/own-world';
import { sql } from '../support/inspect';
import { apiUrl, testEnv } from '../support/test-env';
import { freePort } from '../../scripts/app-processes';
import { repricedCsv } from '../support/price-lists';
import { startSupplierServer } from '../support/supplier-server';
import { CapturingSmtpServer } from '../support/smtp-server';

const TOKEN = `metrics-${randomUUID()}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function scrape(url: string, token: string | undefined = TOKEN): Promise<{ text: string; samples: Sample[] }> {
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${text}`);
  return { text, samples: parseExposition(text) };
}

/** The change of each of `names` (with `labels`) between two scrapes. */
const delta = (before: Sample[], after: Sample[], name: string, labels: Record<string, string>) => (value(after, name, labels) ?? 0) - (value(before, name, labels) ?? 0);

describe('metrics at GET /metrics (DESIGN §18)', () => {
  const { logDir } = testEnv();
  let env: Record<string, string>;
  let api: { url: string; stop(): Promise<unknown> };
  let worker: { stop(): Promise<unknown> };
  let apiMetrics: string;
  let workerMetrics: string;
  let portMetrics: string;
  let queue: Queue;
  let smtp: CapturingSmtpServer;

  beforeAll(async () => {
    const [healthPort, metricsPort] = [await freePort(), await freePort()];
    // A mail server that can refuse a message, so a delivery's retried and failed attempts are counted too.
    smtp = await CapturingSmtpServer.start();
    // JOB_LOCK_MS is also how often the reconciler's scheduled job runs: not while a test fills the queue.
    env = ownQueueEnv('metrics', {
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(metricsPort),
      WORKER_HEALTH_PORT: String(healthPort),
      JOB_LOCK_MS: '600000',
      SMTP_URL: smtp.url(),
      MAIL_FROM: 'Прайс-экспорт <prices@example.com>',
      MAIL_RETRY_MS: '300',
    });
    api = await startApi('api-metrics', env, logDir);
    worker = await startWorker('worker-metrics', env, logDir);
    apiMetrics = `${api.url}/metrics`;
    workerMetrics = `http://127.0.0.1:${healthPort}/metrics`;
    portMetrics = `http://127.0.0.1:${metricsPort}/metrics`;
    queue = new Queue(EXPORT_QUEUE, { prefix: env.QUEUE_PREFIX, connection: redisOptions(env.REDIS_URL) });
  }, 120_000);

  afterAll(async () => {
    await queue?.close();
    await Promise.all([worker?.stop(), api?.stop()]);
    await smtp?.stop();
  });

  it('asks the API and the worker for the bearer METRICS_TOKEN (401 without), serves METRICS_PORT without one, and is off on an API port without a token', async () => {
    for (const url of [apiMetrics, workerMetrics]) {
      for (const authorization of [undefined, 'Bearer wrong-token-of-enough-length', `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, TOKEN]) {
        const res = await fetch(url, { headers: authorization ? { Authorization: authorization } : {} });
        expect({ url, authorization, status: res.status }).toEqual({ url, authorization, status: 401 });
        expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
        expect(await res.json()).toEqual({ error: OPS_ERR.metricsTokenRequired });
      }
      const ok = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(await ok.text()).toMatch(/^# HELP /m);
    }
    // The worker's port is still its liveness probe.
    const health = await fetch(workerMetrics.replace('/metrics', '/'));
    expect(await health.json()).toMatchObject({ status: 'ok' });

    const open = await fetch(portMetrics);
    expect(open.status).toBe(200);
    expect(await open.text()).toContain(`${METRIC.queueJobs}{state="waiting"}`);
    expect((await fetch(portMetrics.replace('/metrics', '/api/health'))).status).toBe(404);

    // The run's own API has no METRICS_TOKEN: its public port serves no metrics, whoever asks.
    const off = await request(apiUrl()).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
    expect(off.body).toEqual({ error: OPS_ERR.metricsOff });
  });

  it('times HTTP requests by method, route template and status: never an id as a label, unknown paths as one label', async () => {
    const task = await readyTask(sampleItems().slice(0, 3));
    const missing = randomUUID();
    const before = (await scrape(apiMetrics)).samples;
    const agent = () => signedInAt(api.url);
    await agent().get(`/api/tasks/${task.id}`).expect(200);
    await agent().get(`/api/tasks/${task.id}`).expect(200);
    await agent().get(`/api/tasks/${missing}`).expect(404);
    await agent().get(`/api/no-such-route/${missing}`).expect(404);
    await request(api.url).get(`/task/${task.id}`).expect(200);
    await agent().get('/admin/queues/api/queues').expect(200);
    // Bull Board's page and one of its files: a route of several paths, and a mounted app's file.
    const page = await agent().get('/admin/queues/queue/export').expect(200);
    const asset = /src="(static\/js\/[^"]+)"/.exec(page.text)![1];
    await agent().get(`/admin/queues/${asset}`).expect(200);
    const { text, samples: after } = await scrape(apiMetrics);

    const count = (route: string, status: string, method = 'GET') => delta(before, after, `${METRIC.httpDuration}_count`, { method, route, status });
    expect(count('/api/tasks/:id', '200')).toBe(2);
    expect(count('/api/tasks/:id', '404')).toBe(1);
    expect(count('unmatched', '404')).toBe(1);
    expect(count('web-app', '200')).toBe(1);
    expect(count('/admin/queues/api/queues', '200')).toBe(1);
    expect(count('/admin/queues/*', '200')).toBe(1);
    expect(count('/admin/queues/static/*', '200')).toBe(1);
    // The scrapes themselves are not requests of the app.
    expect(samples(after, `${METRIC.httpDuration}_count`, { route: '/metrics' })).toEqual([]);
    for (const id of [task.id, missing]) expect(text).not.toContain(id);
    const routes = new Set(samples(after, `${METRIC.httpDuration}_count`).map((s) => s.labels.route));
    for (const route of routes) expect(route).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    // Buckets from 10 ms to 120 s.
    const bounds = samples(after, `${METRIC.httpDuration}_bucket`, { route: '/api/tasks/:id', status: '200' }).map((s) => s.labels.le);
    expect(bounds[0]).toBe('0.01');
    expect(bounds.slice(-2)).toEqual(['120', '+Inf']);
  });

  it('counts and times each job attempt by kind and outcome: generate, check, columns, version-rows, batch', async () => {
    const task = await readyTask(sampleItems().slice(0, 4));
    const agent = () => signedInAt(api.url);
    const before = (await scrape(workerMetrics)).samples;

    expect((await generate(task.id, api.url)).status).toBe(200);
    await agent().post(`/api/tasks/${task.id}/check`).expect(200);
    await agent().get(`/api/tasks/${task.id}/files/template/columns`).expect(200);
    const list = (await agent().post('/api/price-lists').send({ name: `Метрики ${randomUUID()}` }).expect(201)).body as PriceList;
    const { version } = (await agent().post(`/api/price-lists/${list.id}/versions`).attach('file', fixtureBytes('price-sample.xlsx'), 'прайс.xlsx').expect(201)).body as { version: { id: string } };
    await until(async () => (await sql<{ rows: number | null }>('SELECT rows FROM price_list_versions WHERE id = $1', [version.id]))[0]?.rows != null, 'the version rows counted');
    const batchId = (await agent().post('/api/batches').send({ action: 'generate', taskIds: [task.id] }).expect(202)).body.id as string;
    await until(async () => ((await agent().get(`/api/batches/${batchId}`).expect(200)).body as Batch).status === 'done', 'the batch done');
    // A columns job of a file that is not in storage fails for good at once (404, never retried).
    const failing = await queue.add(COLUMNS_JOB, { objectKey: `tasks/${randomUUID()}/price/gone.xlsx`, kind: 'price' }, { attempts: 3 });
    await until(async () => (await failing.getState()) === 'failed', 'the columns job failed');

    // The batch's parent ends a moment after its last child.
    await until(async () => delta(before, (await scrape(workerMetrics)).samples, METRIC.jobs, { kind: 'batch', outcome: 'done' }) === 1, 'the batch counted');
    const after = (await scrape(workerMetrics)).samples;
    const jobs = (kind: string, outcome: string) => delta(before, after, METRIC.jobs, { kind, outcome });
    const timed = (kind: string) => delta(before, after, `${METRIC.jobDuration}_count`, { kind });
    expect({
      generate: [jobs('generate', 'done'), timed('generate')],
      check: [jobs('check', 'done'), timed('check')],
      columns: [jobs('columns', 'done'), jobs('columns', 'failed'), jobs('columns', 'retried'), timed('columns')],
      versionRows: [jobs('version-rows', 'done'), timed('version-rows')],
      batch: [jobs('batch', 'done'), timed('batch')],
    }).toEqual({ generate: [2, 2], check: [1, 1], columns: [1, 1, 0, 2], versionRows: [1, 1], batch: [1, 1] });
    expect(delta(before, after, `${METRIC.jobDuration}_sum`, { kind: 'generate' })).toBeGreaterThan(0);
    // Recurring jobs (housekeeping, the reconcilers) are no kind: never counted.
    expect([...new Set(samples(after, METRIC.jobs).map((s) => s.labels.kind))].sort()).toEqual([...JOB_KINDS].sort());
  });

  it("shows a worker's busy engine threads while an export runs, and none once it is done", async () => {
    const { task } = await bigTask(30_000);
    const busy = async () => value((await scrape(workerMetrics)).samples, METRIC.engineThreadsBusy) ?? NaN;
    expect(await busy()).toBe(0);
    const pending = generate(task.id, api.url).then((r) => r);
    let seen = 0;
    while (seen === 0) {
      seen = await busy();
      if (seen === 0) await sleep(10);
    }
    expect((await pending).status).toBe(200);
    expect(seen).toBe(1);
    expect(await busy()).toBe(0);
  }, 180_000);

  it('reads the queue by state, the workers, the running batches and the services from the API at scrape time', async () => {
    const task = await readyTask(sampleItems().slice(0, 2));
    await queue.pause();
    const delayed: string[] = [];
    let batchId = '';
    try {
      batchId = (await signedInAt(api.url).post('/api/batches').send({ action: 'generate', taskIds: [task.id] }).expect(202)).body.id as string;
      // Jobs of exports that do not exist: a worker ends them at once, once the queue goes on.
      await queue.addBulk([1, 2, 3].map(() => ({ name: EXPORT_JOB, data: { exportId: randomUUID() }, opts: { removeOnComplete: true } })));
      for (const _ of [1, 2]) delayed.push(String((await queue.add(EXPORT_JOB, { exportId: randomUUID() }, { delay: 3_600_000 })).id));
      const { samples: now } = await scrape(apiMetrics);
      const [running] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM batches WHERE finished_at IS NULL');
      // Both queues the workers take from (exports and mail); their recurring jobs' next runs wait as delayed jobs too.
      const mail = new Queue(MAIL_QUEUE, { prefix: env.QUEUE_PREFIX, connection: redisOptions(env.REDIS_URL) });
      const counts = { failed: (await queue.getJobCounts('failed')).failed + (await mail.getJobCounts('failed')).failed };
      const recurring = [...SCHEDULED_JOB_NAMES] as string[];
      const scheduled = [...(await queue.getJobs(['delayed'])), ...(await mail.getJobs(['delayed']))].filter((j) => recurring.includes(j.name)).length;
      await mail.close();
      expect({
        waiting: value(now, METRIC.queueJobs, { state: 'waiting' }),
        delayed: value(now, METRIC.queueJobs, { state: 'delayed' }),
        active: value(now, METRIC.queueJobs, { state: 'active' }),
        failed: value(now, METRIC.queueJobs, { state: 'failed' }),
        workers: value(now, METRIC.workers),
        batchesRunning: value(now, METRIC.batchesRunning),
      }).toEqual({ waiting: 4, delayed: 2 + scheduled, active: 0, failed: counts.failed, workers: 1, batchesRunning: running.n });
      expect(running.n).toBeGreaterThanOrEqual(1);
      expect(samples(now, METRIC.queueJobs).map((s) => s.labels.state).sort()).toEqual([...QUEUE_STATES].sort());
      for (const dependency of DEPENDENCIES) expect(value(now, METRIC.dependencyUp, { dependency })).toBe(1);
    } finally {
      for (const id of delayed) await (await queue.getJob(id))?.remove();
      await queue.resume();
    }
    await until(async () => ((await signedInAt(api.url).get(`/api/batches/${batchId}`).expect(200)).body as Batch).status === 'done', 'the batch done');
    await until(async () => value((await scrape(apiMetrics)).samples, METRIC.queueJobs, { state: 'waiting' }) === 0, 'the queue drained');
  });

  it('counts source polls, version comparisons, notices and deliveries by outcome (each from zero), and serves the default process metrics on both', async () => {
    const { samples: w } = await scrape(workerMetrics);
    for (const outcome of DELIVERY_OUTCOMES) expect(value(w, METRIC.deliveries, { outcome })).toBe(0);
    for (const outcome of SOURCE_POLL_OUTCOMES) expect(value(w, METRIC.sourcePolls, { outcome })).toBe(0);
    const agent = () => signedInAt(api.url);
    const counted = async (name: string, labels: Record<string, string>, what: string) => until(async () => delta(w, (await scrape(workerMetrics)).samples, name, labels) === 1, what);
    // A follower with an address: the held version below is told to them by a `notify` job.
    const follower = await userWithRole('viewer');
    const asFollower = () => agentWith(api.url, { Cookie: follower.cookie });
    await asFollower().patch('/api/auth/me').send({ email: 'follower@example.com' }).expect(200);

    const supplier = await startSupplierServer();
    try {
      supplier.publish('/metrics/prices.csv', { body: fixtureBytes('csv/price-utf8-bom-semicolon.csv'), etag: '"1"' });
      const list = (await agent().post('/api/price-lists').send({ name: `Метрики ${randomUUID()}` }).expect(201)).body as PriceList;
      await asFollower().put(`/api/price-lists/${list.id}/follow`).expect(200);
      await agent().put(`/api/price-lists/${list.id}/source`).send({ kind: 'url', url: supplier.url('/metrics/prices.csv') }).expect(200);
      const poll = async (outcome: string) => {
        await agent().post(`/api/price-lists/${list.id}/source/run`).expect(202);
        await counted(METRIC.sourcePolls, { outcome }, `a poll counted ${outcome}`);
      };
      await poll('new-version');
      await poll('unchanged');
      // A price a hundred times higher: the guard holds the version.
      supplier.publish('/metrics/prices.csv', { body: repricedCsv('4990'), etag: '"2"' });
      await poll('held');
      await counted(METRIC.jobs, { kind: 'notify', outcome: 'done' }, 'the notice counted');
      expect(smtp.messages.map((m) => m.envelopeTo)).toContainEqual(['follower@example.com']);
      await agent().put(`/api/price-lists/${list.id}/source`).send({ kind: 'url', url: supplier.url('/status/503') }).expect(200);
      await poll('failed');
      await agent().post(`/api/price-lists/${list.id}/versions`).attach('file', repricedCsv('52,9'), 'прайс.csv').expect(201);
    } finally {
      await supplier.stop();
    }
    const task = await readyTask(sampleItems().slice(0, 2));
    await agent().put(`/api/tasks/${task.id}/delivery`).send({ to: ['chain@example.com'], cc: [], auto: false }).expect(200);
    const exportId = (await generate(task.id, api.url).expect(200)).headers['x-export-id'] as string;
    // Refused for good (5xx), then sent again past one temporary refusal (4xx): each attempt by its outcome.
    smtp.refuse({ code: 550, message: '5.1.1 <chain@example.com>: Recipient address rejected', at: 'rcpt' });
    await agent().post(`/api/exports/${exportId}/send`).send({}).expect(202);
    await counted(METRIC.deliveries, { outcome: 'failed' }, 'the refused delivery counted');
    smtp.refuse({ code: 451, message: '4.3.0 Try again later', at: 'data' });
    const delivery = (await agent().post(`/api/exports/${exportId}/send`).send({}).expect(202)).body as Delivery;
    await counted(METRIC.deliveries, { outcome: 'sent' }, 'the delivery counted');
    expect(smtp.messages.filter((m) => m.envelopeTo.includes('chain@example.com')).map((m) => m.message.messageId)).toEqual([delivery.messageId]);

    const after = (await scrape(workerMetrics)).samples;
    const jobs = (kind: string, outcome: string) => delta(w, after, METRIC.jobs, { kind, outcome });
    const timed = (kind: string) => delta(w, after, `${METRIC.jobDuration}_count`, { kind });
    expect({
      polls: [jobs('source-poll', 'done'), timed('source-poll')],
      pollOutcomes: SOURCE_POLL_OUTCOMES.map((outcome) => [outcome, delta(w, after, METRIC.sourcePolls, { outcome })]),
      diffs: [jobs('version-diff', 'done'), timed('version-diff')],
      notices: [jobs('notify', 'done'), timed('notify')],
      sends: [jobs('send', 'done'), jobs('send', 'retried'), jobs('send', 'failed'), timed('send')],
      deliveries: DELIVERY_OUTCOMES.map((outcome) => [outcome, delta(w, after, METRIC.deliveries, { outcome })]),
    }).toEqual({
      polls: [4, 4],
      pollOutcomes: [['new-version', 1], ['unchanged', 1], ['held', 1], ['failed', 1]],
      diffs: [1, 1],
      notices: [1, 1],
      sends: [1, 1, 1, 3],
      deliveries: [['sent', 1], ['retried', 1], ['failed', 1]],
    });
    expect(delta(w, after, `${METRIC.jobDuration}_sum`, { kind: 'notify' })).toBeGreaterThan(0);
    const { samples: a } = await scrape(apiMetrics);
    for (const all of [after, a]) {
      for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds']) {
        expect({ name, present: samples(all, name).length > 0 }).toEqual({ name, present: true });
      }
    }
  });
});

/** Polls `check` until it holds (no timing asserted: the deadline only stops a hang). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}
