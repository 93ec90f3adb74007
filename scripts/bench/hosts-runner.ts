import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Batch } from '@app/contracts';
import { personalToken, DEFAULT_ADMIN_LOGIN } from '../sign-in';
import { SimCluster } from '../sim-cluster';
import { ApiClient } from './api-client';
import { buildInputs, buildItems, type BenchInputs } from './fixture-builder';
import { prepareTask } from './http-runner';
import { median } from './stats-helper';
import { CpuProbe, type CpuShare } from './cpu-probe';

/**
 * Many hosts, simulated on one machine (DESIGN §18, issue 37): the services and the API on one
 * simulated host, each worker on a host of its own held to `cpus` of CPU. For each host count a
 * mixed workload is timed: a batch of `batchTasks` tasks on one `rows`-row price list and, at the
 * same time, `smallExports` small exports (a `smallRows`-row list, `smallItems` items) sent by
 * `clients` clients in a closed loop. Throughput = exports done ÷ the time until the last of them.
 * Every export is checked: its row counts as expected, and its bytes the same on every host count.
 */
export interface HostsOptions {
  hosts: number[];
  cpus: number;
  rows: number;
  batchTasks: number;
  batchItems: number;
  smallExports: number;
  smallRows: number;
  smallItems: number;
  clients: number;
  runs: number;
  seed: number;
  workDir: string;
  keepFiles: boolean;
  log: (line: string) => void;
}

export interface HostsRun {
  hosts: number;
  ms: number;
  batchMs: number;
  smallMs: number;
  exportsPerS: number;
  /** CPU per export of each role (the services' processes, each worker host, the benchmark's clients), ms. */
  cpu: CpuShare[];
}

export interface HostsSummary {
  options: Omit<HostsOptions, 'log' | 'workDir'>;
  runs: HostsRun[];
  /** Median throughput per host count, and ÷ that of one host. */
  byHosts: { hosts: number; exportsPerS: number; speedup: number }[];
  /** Exports whose counts or bytes were not what they should be (empty: every export correct). */
  problems: string[];
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function runHostsBench(opts: HostsOptions): Promise<HostsSummary> {
  const cluster = new SimCluster('bh', opts.workDir, { WORKER_CONCURRENCY: '8' });
  const problems: string[] = [];
  const runs: HostsRun[] = [];
  try {
    opts.log(`hosts: building a ${opts.rows}-row price list and a ${opts.smallRows}-row one`);
    const big = await buildInputs(opts.workDir, opts.rows, opts.batchItems, opts.seed);
    const small = await buildInputs(opts.workDir, opts.smallRows, opts.smallItems, opts.seed);
    opts.log(`hosts: starting the services host (PostgreSQL, Redis, S3, API) at ${cluster.services.address}`);
    await cluster.startServices();
    const client = new ApiClient(cluster.apiUrl, await personalToken(cluster.apiUrl, DEFAULT_ADMIN_LOGIN.login, DEFAULT_ADMIN_LOGIN.password, 'bench'));
    const { batchIds, smallIds } = await prepareTasks(client, big, small, opts);
    const expectedBytes = new Map<string, string>();
    let started = 0;
    for (const hosts of opts.hosts) {
      while (started < hosts) {
        const { host } = await cluster.startWorkerHost(`w${++started}`, opts.cpus);
        opts.log(`hosts: worker host w${started} at ${host.address}, ${opts.cpus} CPU`);
      }
      // Untimed: warms every host's engine threads, as a running system has them.
      await mixedRound(client, batchIds, smallIds, { ...opts, smallExports: opts.clients * hosts });
      // Where the CPU goes, by role (DESIGN §18: the shared read, the queue, PostgreSQL, S3…).
      const probe = new CpuProbe(async () => [...cluster.cpuRoles(), { name: 'benchmark clients', pids: [process.pid] }]);
      for (let r = 0; r < opts.runs; r++) {
        await probe.begin();
        const round = await mixedRound(client, batchIds, smallIds, opts);
        const total = opts.batchTasks + opts.smallExports;
        const cpu = await probe.perExport(total);
        problems.push(...(await checkRound(client, round, small, opts, expectedBytes)));
        const run = { hosts, ms: round.ms, batchMs: round.batchMs, smallMs: round.smallMs, exportsPerS: (total / round.ms) * 1000, cpu };
        runs.push(run);
        opts.log(`  ${hosts} host(s), run ${r + 1}: ${total} exports in ${Math.round(run.ms)} ms = ${run.exportsPerS.toFixed(1)}/s (batch ${Math.round(run.batchMs)} ms, small ${Math.round(run.smallMs)} ms)`);
        opts.log(`    CPU ms per export: ${cpu.map((c) => `${c.name} ${c.msPerExport.toFixed(1)}`).join(', ')}`);
      }
    }
    client.close();
  } finally {
    for (const p of await cluster.destroy({ keepFiles: opts.keepFiles })) opts.log(`cleanup: ${p}`);
  }
  const rate = (hosts: number) => median(runs.filter((r) => r.hosts === hosts).map((r) => r.exportsPerS));
  const one = rate(opts.hosts[0]) / opts.hosts[0];
  const { log: _log, workDir: _dir, ...options } = opts;
  return { options, runs, byHosts: opts.hosts.map((hosts) => ({ hosts, exportsPerS: rate(hosts), speedup: rate(hosts) / one })), problems };
}

async function prepareTasks(client: ApiClient, big: BenchInputs, small: BenchInputs, opts: HostsOptions): Promise<{ batchIds: string[]; smallIds: string[] }> {
  opts.log(`hosts: ${opts.batchTasks} tasks × ${opts.batchItems} items on the big list, ${opts.clients} small tasks`);
  const { items: all } = buildItems(opts.rows, opts.batchTasks * opts.batchItems);
  const bigPrice = await readFile(big.price);
  const batchIds: string[] = [];
  for (let i = 0; i < opts.batchTasks; i++) {
    const id = await prepareTask(client, `Хосты ${i + 1}`, big.mapping, big.template, all.slice(i * opts.batchItems, (i + 1) * opts.batchItems));
    await client.upload(id, 'price', bigPrice, 'price.xlsx');
    batchIds.push(id);
  }
  const smallPrice = await readFile(small.price);
  const smallIds: string[] = [];
  for (let i = 0; i < opts.clients; i++) {
    const id = await prepareTask(client, `Малая ${i + 1}`, small.mapping, small.template, small.items);
    await client.upload(id, 'price', smallPrice, 'price.xlsx');
    smallIds.push(id);
  }
  return { batchIds, smallIds };
}

interface Round {
  ms: number;
  batchMs: number;
  smallMs: number;
  batch: Batch;
  small: { taskId: string; status: number; rows: number; matched: number; exportId?: string; error?: string }[];
}

/** The batch and the small exports at once; resolves when the last of them has ended. */
async function mixedRound(client: ApiClient, batchIds: string[], smallIds: string[], opts: Pick<HostsOptions, 'smallExports' | 'clients'>): Promise<Round> {
  const t = performance.now();
  const batchDone = (async () => {
    const id = await client.startBatch('generate', batchIds);
    for (;;) {
      const batch = await client.batch(id);
      if (batch.status === 'done') return { batch, ms: performance.now() - t };
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  let sent = 0;
  const small: Round['small'] = [];
  const clientLoop = async (taskId: string) => {
    while (sent < opts.smallExports) {
      sent++;
      const res = await client.generate(taskId);
      small.push({ taskId, status: res.status, rows: res.rows, matched: res.matched, exportId: res.exportId, error: res.error });
    }
  };
  const smallDone = Promise.all(smallIds.slice(0, opts.clients).map(clientLoop)).then(() => performance.now() - t);
  const [{ batch, ms: batchMs }, smallMs] = await Promise.all([batchDone, smallDone]);
  return { ms: performance.now() - t, batchMs, smallMs, batch, small };
}

/** Every export of the round as it must be: the expected counts, and the same bytes as on every other host count. */
async function checkRound(client: ApiClient, round: Round, small: BenchInputs, opts: HostsOptions, bytesOf: Map<string, string>): Promise<string[]> {
  const problems: string[] = [];
  const same = async (taskId: string, exportId: string | undefined) => {
    if (!exportId) return problems.push(`task ${taskId}: no export id`);
    const hash = sha(await client.download(`/api/tasks/${taskId}/exports/${exportId}/file`));
    const want = bytesOf.get(taskId);
    if (!want) bytesOf.set(taskId, hash);
    else if (want !== hash) problems.push(`task ${taskId}: export ${exportId} differs from the same task's export on another host count`);
  };
  for (const row of round.batch.tasks) {
    if (row.status !== 'done') problems.push(`batch row ${row.name}: ${row.status} ${row.error ?? ''}`);
    else if (row.rows !== opts.batchItems || (row.matched ?? 0) + (row.unmatched ?? 0) !== opts.batchItems) problems.push(`batch row ${row.name}: rows ${row.rows}, matched ${row.matched}`);
    else await same(row.taskId!, row.exportId);
  }
  if (round.batch.tasks.length !== opts.batchTasks) problems.push(`batch: ${round.batch.tasks.length} rows, expected ${opts.batchTasks}`);
  const smallFound = small.expected.matchedByMa + small.expected.matchedByGm;
  for (const s of round.small) {
    if (s.status !== 200) problems.push(`small export of ${s.taskId}: HTTP ${s.status} ${s.error ?? ''}`);
    else if (s.rows !== small.expected.rows || s.matched !== smallFound) problems.push(`small export of ${s.taskId}: rows ${s.rows}, matched ${s.matched}, expected ${small.expected.rows} / ${smallFound}`);
    else await same(s.taskId, s.exportId);
  }
  if (round.small.length !== opts.smallExports) problems.push(`small exports: ${round.small.length}, expected ${opts.smallExports}`);
  return problems;
}
