import type { Item, Mapping } from '@app/contracts';
import { readFile } from 'node:fs/promises';
import type { ApiClient, GenerateResult } from './api-client';
import type { BenchStack } from './bench-stack';
import { CpuProbe, type CpuShare } from './cpu-probe';
import { exportTimings, prepareTask } from './http-runner';
import { median, percentile, round } from './stats-helper';

/**
 * Small-task load: `clients` concurrent clients, each with its own task (small price list, items),
 * POST generate in a closed loop for `seconds` against the workers the stack runs. Afterwards the
 * export rows give, per request, the worker's engine time (exports.timings.engineMs), so
 * queue overhead = end-to-end − engineMs; and the time each job waited for a worker
 * (started_at − created_at), which under saturation is most of that overhead.
 * A short single-client run first measures the overhead with no job ever waiting for a worker.
 */
export interface LoadSummary {
  clients: number;
  workers: number;
  /** WORKER_CONCURRENCY of the load's workers. */
  concurrency: number;
  seconds: number;
  requests: number;
  ok: number;
  errors: number;
  errorSamples: string[];
  throughputPerS: number;
  latencyP50: number;
  latencyP95: number;
  engineP50: number;
  overheadP50: number;
  overheadP95: number;
  waitP50: number;
  waitP95: number;
  /** finished_at − started_at p50: a job's time in a worker slot (engine + S3 + DB); workers ÷ this bounds throughput. */
  slotP50: number;
  overheadExclWaitP50: number;
  overheadExclWaitP95: number;
  /**
   * CPU per export during the load, by process: what the normal-priority parts (everything but the
   * engine threads) cost per export is what stretches every export's path on a busy machine.
   */
  cpuPerExport: CpuShare[];
  /** Single client, no job ever waits for a worker: where the overhead goes, p50 of each part. */
  idle: {
    requests: number;
    latencyP50: number;
    engineP50: number;
    overheadP50: number;
    overheadP95: number;
    pickupP50: number;
    downloadP50: number;
    uploadP50: number;
    restP50: number;
    /** engineMs − the engine's own total: starting the engine thread and handing the result back. */
    threadP50: number;
  };
}

interface Sample extends GenerateResult {
  client: number;
}

export async function runLoad(
  stack: BenchStack,
  client: ApiClient,
  input: { price: string; template: string; items: Item[]; mapping: Mapping },
  opts: { clients: number; seconds: number; concurrency: number; log: (line: string) => void },
): Promise<LoadSummary> {
  const priceBytes = await readFile(input.price);
  const tasks: string[] = [];
  for (let c = 0; c < opts.clients; c++) {
    const id = await prepareTask(client, `Нагрузка ${c + 1}`, input.mapping, input.template, input.items);
    await client.upload(id, 'price', priceBytes);
    tasks.push(id);
  }

  // Warm-up (JIT, connections, pools), not counted.
  await Promise.all(tasks.slice(0, 4).map((t) => client.generate(t)));

  opts.log(`idle overhead: 1 client, sequential, ${Math.min(40, 10 * stack.workers.length)} requests`);
  const idleSamples: Sample[] = [];
  for (let i = 0; i < Math.min(40, 10 * stack.workers.length); i++) idleSamples.push({ ...(await client.generate(tasks[0])), client: 0 });

  opts.log(`load: ${opts.clients} clients × ${opts.seconds} s against ${stack.workers.length} worker(s)`);
  const samples: Sample[] = [];
  const cpu = new CpuProbe(() => stack.cpuRoles());
  await cpu.begin();
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  await Promise.all(
    tasks.map(async (taskId, c) => {
      while (performance.now() < deadline) samples.push({ ...(await client.generate(taskId)), client: c });
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const cpuPerExport = await cpu.perExport(samples.length);

  const rows = await exportTimings(stack, [...samples, ...idleSamples].map((s) => s.exportId).filter((x): x is string => !!x));
  const ok = samples.filter((s) => s.status === 200 && s.rows === input.items.length);
  const engine = (s: Sample) => rows.get(s.exportId!)?.timings.engineMs ?? NaN;
  const wait = (s: Sample) => rows.get(s.exportId!)?.waitMs ?? NaN;
  const overhead = ok.map((s) => s.ms - engine(s));
  const exclWait = ok.map((s) => s.ms - engine(s) - wait(s));
  const idleOk = idleSamples.filter((s) => s.status === 200);
  const idleOverhead = idleOk.map((s) => s.ms - engine(s));
  const t = (s: Sample, k: string) => rows.get(s.exportId!)?.timings[k] ?? NaN;
  const idleRest = idleOk.map((s) => s.ms - wait(s) - t(s, 'downloadMs') - engine(s) - t(s, 'uploadMs'));
  const errors = samples.filter((s) => !ok.includes(s));
  return {
    clients: opts.clients,
    workers: stack.workers.length,
    concurrency: opts.concurrency,
    seconds: round(elapsedS, 2),
    requests: samples.length,
    ok: ok.length,
    errors: errors.length + idleSamples.length - idleOk.length,
    errorSamples: [...new Set(errors.map((e) => `HTTP ${e.status} ${e.error ?? ''}`.trim()))].slice(0, 5),
    throughputPerS: round(ok.length / elapsedS, 2),
    latencyP50: round(percentile(ok.map((s) => s.ms), 50)),
    latencyP95: round(percentile(ok.map((s) => s.ms), 95)),
    engineP50: round(median(ok.map(engine))),
    overheadP50: round(percentile(overhead, 50)),
    overheadP95: round(percentile(overhead, 95)),
    waitP50: round(percentile(ok.map(wait), 50)),
    waitP95: round(percentile(ok.map(wait), 95)),
    slotP50: round(median(ok.map((s) => rows.get(s.exportId!)?.slotMs ?? NaN))),
    overheadExclWaitP50: round(percentile(exclWait, 50)),
    overheadExclWaitP95: round(percentile(exclWait, 95)),
    cpuPerExport,
    idle: {
      requests: idleOk.length,
      latencyP50: round(percentile(idleOk.map((s) => s.ms), 50)),
      engineP50: round(median(idleOk.map(engine))),
      overheadP50: round(percentile(idleOverhead, 50)),
      overheadP95: round(percentile(idleOverhead, 95)),
      pickupP50: round(median(idleOk.map(wait))),
      downloadP50: round(median(idleOk.map((s) => t(s, 'downloadMs')))),
      uploadP50: round(median(idleOk.map((s) => t(s, 'uploadMs')))),
      restP50: round(median(idleRest)),
      threadP50: round(median(idleOk.map((s) => engine(s) - t(s, 'total')))),
    },
  };
}
