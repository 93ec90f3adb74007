import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { parse, stringify } from 'yaml';
import { EXPORT_JOB, EXPORT_QUEUE } from '@app/contracts';
import { redisOptions } from '@app/config';
import { REPO_ROOT, startApi, startWorker } from '../support/app-runner';
import { ownQueueEnv } from '../support/own-world';
import { testEnv } from '../support/test-env';
import { freePort } from '../../scripts/app-processes';

const PROMETHEUS = '/usr/bin/prometheus';
const WAITING = 7;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Vector {
  metric: Record<string, string>;
  value: [number, string];
}

/** deploy/prometheus/prometheus.yml with its jobs pointed at this test's API and worker, scraping every second. */
function configFor(dir: string, targets: Record<string, string>): string {
  const example = parse(readFileSync(join(REPO_ROOT, 'deploy/prometheus/prometheus.yml'), 'utf8')) as {
    rule_files: string[];
    scrape_configs: { job_name: string; metrics_path: string; authorization: { type: string } }[];
  };
  copyFileSync(join(REPO_ROOT, 'deploy/prometheus/alerts.yml'), join(dir, 'alerts.yml'));
  const config = {
    global: { scrape_interval: '1s', evaluation_interval: '1s' },
    rule_files: example.rule_files.map((f) => join(dir, f)),
    scrape_configs: example.scrape_configs.map(({ job_name, metrics_path, authorization }) => ({
      job_name,
      metrics_path,
      authorization: { type: authorization.type, credentials_file: join(dir, 'token') },
      static_configs: [{ targets: [targets[job_name]] }],
    })),
  };
  const file = join(dir, 'prometheus.yml');
  writeFileSync(file, stringify(config));
  return file;
}

describe('a real Prometheus scrapes the API and a worker (DESIGN §18)', () => {
  const { logDir } = testEnv();
  const token = `scrape-${randomUUID()}`;
  let dir: string;
  let prometheus: ChildProcess | undefined;
  let queue: Queue | undefined;
  const stops: (() => Promise<unknown>)[] = [];

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((r) => prometheus!.once('exit', r));
      prometheus.kill('SIGTERM');
      await exited;
    }
    if (queue) {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
    }
    await Promise.all(stops.map((stop) => stop()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it(`with the token; its query for waiting jobs sees the ${WAITING} jobs of a paused queue, and it loads the alerts`, async () => {
    const [healthPort, promPort] = [await freePort(), await freePort()];
    // JOB_LOCK_MS is also how often the reconciler's scheduled job runs: not while the queue is paused.
    const env = ownQueueEnv('prometheus', { METRICS_TOKEN: token, WORKER_HEALTH_PORT: String(healthPort), JOB_LOCK_MS: '600000' });
    const api = await startApi('api-prometheus', env, logDir);
    stops.push(() => api.stop());
    const worker = await startWorker('worker-prometheus', env, logDir);
    stops.unshift(() => worker.stop());

    queue = new Queue(EXPORT_QUEUE, { prefix: env.QUEUE_PREFIX, connection: redisOptions(env.REDIS_URL) });
    await queue.pause();
    await queue.addBulk(Array.from({ length: WAITING }, () => ({ name: EXPORT_JOB, data: { exportId: randomUUID() } })));

    dir = mkdtempSync(join(tmpdir(), 'pe-prometheus-'));
    writeFileSync(join(dir, 'token'), token);
    const config = configFor(dir, { 'price-export-api': new URL(api.url).host, 'price-export-worker': `127.0.0.1:${healthPort}` });
    const lines: string[] = [];
    prometheus = spawn(PROMETHEUS, [`--config.file=${config}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${promPort}`, '--log.level=warn'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [prometheus.stdout!, prometheus.stderr!]) stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));

    const query = async (promql: string): Promise<Vector[]> => {
      const res = await fetch(`http://127.0.0.1:${promPort}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const body = (await res.json()) as { status: string; data: { result: Vector[] } };
      if (body.status !== 'success') throw new Error(`${promql}: ${JSON.stringify(body)}`);
      return body.data.result;
    };
    // No timing asserted: the deadline only stops a hang.
    const deadline = Date.now() + 90_000;
    let waiting: Vector[] = [];
    for (;;) {
      if (prometheus.exitCode !== null) throw new Error(`prometheus exited: ${lines.join('')}`);
      waiting = await query('max(pe_queue_jobs{state="waiting"})').catch(() => []);
      const up = await query('up == 1').catch(() => []);
      if (waiting.length && up.length === 2) break;
      if (Date.now() > deadline) throw new Error(`no scrape of both targets within 90 s: ${JSON.stringify(await query('up').catch((e: Error) => e.message))}\n${lines.join('')}`);
      await sleep(250);
    }
    expect(waiting[0].value[1]).toBe(String(WAITING));

    const up = await query('up');
    expect(up.map((v) => [v.metric.job, v.value[1]]).sort()).toEqual([
      ['price-export-api', '1'],
      ['price-export-worker', '1'],
    ]);
    expect((await query('pe_workers'))[0].value[1]).toBe('1');
    // The worker's own series, by kind, at 0 before its first job.
    const generated = await query('pe_jobs_total{kind="generate"}');
    expect(generated.map((v) => [v.metric.job, v.metric.outcome, v.value[1]]).sort()).toEqual([
      ['price-export-worker', 'done', '0'],
      ['price-export-worker', 'failed', '0'],
      ['price-export-worker', 'retried', '0'],
    ]);
    expect((await query('max(pe_engine_threads_busy)'))[0].value[1]).toBe('0');

    const rules = (await (await fetch(`http://127.0.0.1:${promPort}/api/v1/rules`)).json()) as { data: { groups: { name: string; rules: { name: string; health: string }[] }[] } };
    const [group] = rules.data.groups;
    expect(group.name).toBe('price-export');
    expect(group.rules.map((r) => [r.name, r.health])).toEqual(
      ['PriceExportQueueGrowing', 'PriceExportExportsFailing', 'PriceExportNoWorker', 'PriceExportDependencyDown', 'PriceExportSourceFailing', 'PriceExportApiDown'].map((n) => [n, expect.stringMatching(/^(ok|unknown)$/)]),
    );
  }, 180_000);
});
