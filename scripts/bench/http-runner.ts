import { readFile } from 'node:fs/promises';
import type { Item, Mapping } from '@app/contracts';
import type { ApiClient, GenerateResult } from './api-client';
import type { BenchProcess, BenchStack } from './bench-stack';
import { PeakRssProbe, memoryOf, processTree } from './memory-probe';

/**
 * `upload` and `generate` through the real system: HTTP → API → BullMQ → worker → S3 → back.
 * upload: the price list POSTed `runs` times to one task (each replaces the last), wall time until
 * the response is read, plus the API's peak RSS. generate: `runs` POSTs against a task whose files
 * are already uploaded, wall time until the last byte of the xlsx, the worker's peak RSS per run
 * (VmHWM reset before each), and the worker's own stage timings read back from exports.timings.
 */
export interface UploadMeasure {
  taskId: string;
  times: number[];
  apiPeakRssMb: number;
}

export interface GenerateMeasure {
  times: number[];
  /** Worker RSS right before the first generate (started, idle). */
  /** The worker process (its engine threads included). */
  workerIdleRssMb: number;
  idleRssPerProcessMb: number[];
  workerPeakRssMb: number[];
  /** Sum of the two VmHWMs per run: counts the shared node binary twice. */
  workerPeakUpperMb: number[];
  peakPerProcessMb: number[][];
  rssSource: string;
  checks: GenerateResult[];
  /** exports.timings per run: engine stages + downloadMs, engineMs, uploadMs. */
  timings: Record<string, number>[];
}

export async function prepareTask(
  client: ApiClient,
  name: string,
  mapping: Mapping,
  templatePath: string,
  items: Item[],
): Promise<string> {
  await client.putGlobalMapping(mapping);
  const task = await client.createTask(name);
  await client.upload(task.id, 'template', await readFile(templatePath));
  await client.setItems(task.id, items);
  return task.id;
}

export async function measureUpload(stack: BenchStack, client: ApiClient, taskId: string, pricePath: string, runs: number): Promise<UploadMeasure> {
  const bytes = await readFile(pricePath);
  const times: number[] = [];
  const probe = new PeakRssProbe([stack.api!.pid]);
  for (let i = 0; i < runs; i++) times.push(await client.upload(taskId, 'price', bytes, 'price.xlsx'));
  return { taskId, times, apiPeakRssMb: probe.stop().peakMb };
}

export async function measureGenerate(stack: BenchStack, client: ApiClient, worker: BenchProcess, taskId: string, runs: number): Promise<GenerateMeasure> {
  const pids = processTree(worker.pid);
  const idle = pids.map(memoryOf);
  const out: GenerateMeasure = {
    times: [],
    workerIdleRssMb: idle.reduce((sum, m) => sum + m.anonMb, 0) + Math.max(...idle.map((m) => m.fileMb)),
    idleRssPerProcessMb: idle.map((m) => m.rssMb),
    workerPeakRssMb: [],
    workerPeakUpperMb: [],
    peakPerProcessMb: [],
    rssSource: '',
    checks: [],
    timings: [],
  };
  for (let i = 0; i < runs; i++) {
    const probe = new PeakRssProbe(pids);
    const r = await client.generate(taskId);
    const peak = probe.stop();
    if (r.status !== 200) throw new Error(`generate: HTTP ${r.status} ${r.error ?? ''}`);
    out.times.push(r.ms);
    out.workerPeakRssMb.push(peak.peakMb);
    out.workerPeakUpperMb.push(peak.upperMb);
    out.peakPerProcessMb.push(peak.perProcessMb);
    out.rssSource = peak.source;
    out.checks.push(r);
  }
  const timings = await exportTimings(stack, out.checks.map((c) => c.exportId!));
  out.timings = out.checks.map((c) => timings.get(c.exportId!)?.timings ?? {});
  return out;
}

export interface ExportRow {
  timings: Record<string, number>;
  /** started_at − created_at: waiting in the queue (for a free worker, and its pick-up). */
  waitMs: number;
  /** finished_at − started_at: how long the job held a worker slot. */
  slotMs: number;
  status: string;
}

export async function exportTimings(stack: BenchStack, ids: string[]): Promise<Map<string, ExportRow>> {
  const pg = await stack.db();
  try {
    const res = await pg.query<{ id: string; timings: Record<string, number> | null; wait_ms: number | null; slot_ms: number | null; status: string }>(
      `SELECT id, timings, status, EXTRACT(EPOCH FROM (started_at - created_at)) * 1000 AS wait_ms,
              EXTRACT(EPOCH FROM (finished_at - started_at)) * 1000 AS slot_ms
         FROM exports WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(res.rows.map((r) => [r.id, { timings: r.timings ?? {}, waitMs: Number(r.wait_ms ?? NaN), slotMs: Number(r.slot_ms ?? NaN), status: r.status }]));
  } finally {
    await pg.end();
  }
}
