import { readFile } from 'node:fs/promises';
import { QueueEvents } from 'bullmq';
import { EXPORT_QUEUE, batchJobId } from '@app/contracts';
import { redisOptions } from '@app/config';
import type { ApiClient } from './api-client';
import type { BenchStack } from './bench-stack';
import { buildItems, type BenchInputs } from './fixture-builder';
import { prepareTask } from './http-runner';
import { median } from './stats-helper';
import { CpuProbe, type CpuShare } from './cpu-probe';

/**
 * One price list, many exports (DESIGN §12 "Speed", issue 28): a batch of `tasks` tasks of
 * `items` items each on the same price list, against one export of one of them, on one worker
 * and then on two, run by run in turn so drift falls on all alike. A batch is timed from its POST
 * to the completion of its parent job (BullMQ runs it once every child has ended), heard through
 * QueueEvents rather than by polling the API, whose answers would take CPU from the batch it times.
 */
export interface BatchBenchSummary {
  rows: number;
  tasks: number;
  items: number;
  oneExport: number[];
  batchOneWorker: number[];
  batchTwoWorkers: number[];
  /** CPU time of every process taking part (workers with their threads, S3, API, PostgreSQL, Redis), per run. */
  cpuOneExport: number[];
  cpuBatchOneWorker: number[];
  /** batch on one worker ÷ one export (target ≤ 3). */
  ratio: number;
  /** batch on two workers ÷ batch on one (target < 1). */
  twoVsOne: number;
}

export async function runBatchBench(
  stack: BenchStack,
  client: ApiClient,
  inputs: BenchInputs,
  opts: { rows: number; tasks: number; items: number; runs: number; log: (line: string) => void },
): Promise<BatchBenchSummary> {
  const { items: all } = buildItems(opts.rows, opts.tasks * opts.items);
  const price = await readFile(inputs.price);
  const taskIds: string[] = [];
  for (let i = 0; i < opts.tasks; i++) {
    const id = await prepareTask(client, `Пакет ${i + 1}`, inputs.mapping, inputs.template, all.slice(i * opts.items, (i + 1) * opts.items));
    // The same weekly file given to every task: the batch reads it once per worker.
    await client.upload(id, 'price', price, 'price.xlsx');
    taskIds.push(id);
  }
  const events = new QueueEvents(EXPORT_QUEUE, { prefix: stack.env.QUEUE_PREFIX, connection: redisOptions(stack.env.REDIS_URL) });
  await events.waitUntilReady();
  const ended = (jobId: string) =>
    new Promise<void>((resolve) => {
      const listener = ({ jobId: id }: { jobId: string }) => {
        if (id !== jobId) return;
        events.off('completed', listener);
        resolve();
      };
      events.on('completed', listener);
    });
  const timeBatch = async (): Promise<number> => {
    const t = performance.now();
    const id = await client.startBatch('generate', taskIds);
    // A batch takes far longer than the event's way here: listening after the POST loses nothing.
    await ended(batchJobId(id));
    const ms = performance.now() - t;
    const batch = await client.batch(id);
    if (batch.status !== 'done') throw new Error(`batch ${id}: its parent job completed while the batch was ${batch.status}`);
    if (batch.failed) throw new Error(`batch ${id}: ${batch.failed} rows failed: ${batch.tasks.find((r) => r.error)?.error}`);
    return ms;
  };
  const out: BatchBenchSummary = { rows: opts.rows, tasks: opts.tasks, items: opts.items, oneExport: [], batchOneWorker: [], batchTwoWorkers: [], cpuOneExport: [], cpuBatchOneWorker: [], ratio: NaN, twoVsOne: NaN };

  await stack.stopWorkers();
  await stack.startBenchWorker();
  // A first export and an untimed batch warm the worker's engine threads, as a running system has them.
  await client.generate(taskIds[0]);
  await timeBatch();
  // CPU of every process taking part, as the load stage reports it: on a machine of few cores it, not waiting, bounds a batch.
  const cpu = new CpuProbe(() => stack.cpuRoles());
  const cpuOf = async <T>(run: () => Promise<T>): Promise<[T, CpuShare[]]> => {
    await cpu.begin();
    const value = await run();
    return [value, await cpu.perExport(1)];
  };
  const sum = (shares: CpuShare[]) => shares.reduce((total, c) => total + c.msPerExport, 0);
  const show = (shares: CpuShare[]) => shares.map((c) => `${c.name.split(' ')[0]} ${c.msPerExport.toFixed(0)}`).join(', ');
  for (let r = 0; r < opts.runs; r++) {
    const [one, oneCpu] = await cpuOf(() => client.generate(taskIds[0]));
    if (one.status !== 200) throw new Error(`generate: HTTP ${one.status} ${one.error ?? ''}`);
    out.oneExport.push(one.ms);
    out.cpuOneExport.push(sum(oneCpu));
    const [batchMs, batchCpu] = await cpuOf(timeBatch);
    out.batchOneWorker.push(batchMs);
    out.cpuBatchOneWorker.push(sum(batchCpu));
    opts.log(`  run ${r + 1}: one export ${one.ms.toFixed(0)} ms (CPU ms: ${show(oneCpu)}), batch of ${opts.tasks} on one worker ${batchMs.toFixed(0)} ms (CPU ms: ${show(batchCpu)})`);
  }
  await stack.startBenchWorker();
  // An untimed batch warms the second worker's engine threads too, as the first export warmed the first's.
  await timeBatch();
  for (let r = 0; r < opts.runs; r++) {
    out.batchTwoWorkers.push(await timeBatch());
    opts.log(`  run ${r + 1}: batch of ${opts.tasks} on two workers ${out.batchTwoWorkers[r].toFixed(0)} ms`);
  }
  await events.close();
  out.ratio = median(out.batchOneWorker) / median(out.oneExport);
  out.twoVsOne = median(out.batchTwoWorkers) / median(out.batchOneWorker);
  return out;
}
