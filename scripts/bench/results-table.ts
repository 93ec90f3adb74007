import type { LoadSummary } from './load-runner';
import { mb, ms, ratio } from './stats-helper';

/** Plain-text rendering of the results: a stage table, the targets with PASS/FAIL, breakdowns. */
export interface StageRow {
  name: string;
  what: string;
  medianMs: number;
  minMs: number;
  maxMs: number;
  peakRssMb?: number;
  vsFloor?: number;
}

export interface Target {
  name: string;
  measured: string;
  target: string;
  pass: boolean | null;
  note?: string;
}

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export function stageTable(rows: StageRow[]): string {
  return table(
    ['stage', 'median', 'min–max', 'peak RSS', '× floor', 'what is measured'],
    rows.map((r) => [
      r.name,
      ms(r.medianMs),
      `${ms(r.minMs)} – ${ms(r.maxMs)}`,
      r.peakRssMb === undefined ? '' : mb(r.peakRssMb),
      r.vsFloor === undefined ? '' : ratio(r.vsFloor),
      r.what,
    ]),
  );
}

export function targetTable(targets: Target[]): string {
  return table(
    ['target', 'measured', 'goal', 'verdict'],
    targets.map((t) => [t.name, t.measured, t.target, t.pass === null ? 'n/a' : t.pass ? 'PASS' : 'FAIL']),
  );
}

export function loadTable(l: LoadSummary): string {
  return table(
    ['small-task load', 'value'],
    [
      ['clients × workers (WORKER_CONCURRENCY) × seconds', `${l.clients} × ${l.workers} (${l.concurrency}) × ${l.seconds} s`],
      ['requests (ok / errors)', `${l.requests} (${l.ok} / ${l.errors})`],
      ['throughput', `${l.throughputPerS} exports/s`],
      ['latency p50 / p95', `${ms(l.latencyP50)} / ${ms(l.latencyP95)}`],
      ['engine time p50 (exports.timings.engineMs)', ms(l.engineP50)],
      ['queue overhead = e2e − engineMs, p50 / p95', `${ms(l.overheadP50)} / ${ms(l.overheadP95)}`],
      ['  of which waiting for a worker (started_at − created_at) p50 / p95', `${ms(l.waitP50)} / ${ms(l.waitP95)}`],
      ['  overhead without that wait, p50 / p95', `${ms(l.overheadExclWaitP50)} / ${ms(l.overheadExclWaitP95)}`],
      ['worker slot time p50 (finished_at − started_at)', `${ms(l.slotP50)} → at most ${(l.workers * 1000 / l.slotP50).toFixed(1)} exports/s with ${l.workers} worker(s)`],
      ...cpuRows(l),
      [`idle (1 client, ${l.idle.requests} sequential): latency p50`, ms(l.idle.latencyP50)],
      ['idle: queue overhead = e2e − engineMs, p50 / p95', `${ms(l.idle.overheadP50)} / ${ms(l.idle.overheadP95)}`],
      ['idle p50 parts: pick-up (started_at − created_at)', ms(l.idle.pickupP50)],
      ['idle p50 parts: worker S3 download / upload', `${ms(l.idle.downloadP50)} / ${ms(l.idle.uploadP50)}`],
      ['idle p50 parts: rest (API, DB, queue events, response)', ms(l.idle.restP50)],
      ['idle p50: engineMs − engine total (starting the engine thread, handing back the result)', ms(l.idle.threadP50)],
      ...(l.errorSamples.length ? [['error samples', l.errorSamples.join('; ')]] : []),
    ],
  );
}

/** CPU per export by process during the load (the engines are threads of the workers). */
function cpuRows(l: LoadSummary): string[][] {
  if (!l.cpuPerExport.length) return [];
  const total = l.cpuPerExport.reduce((sum, c) => sum + c.msPerExport, 0);
  return [
    ['CPU per export (all processes, /proc)', `${total.toFixed(1)} ms × ${l.throughputPerS} exports/s = ${((total * l.throughputPerS) / 10).toFixed(0)}% of one core`],
    ...l.cpuPerExport.map((c) => [`  ${c.name}`, `${c.msPerExport.toFixed(2)} ms`]),
  ];
}

export function breakdownTable(title: string, records: Record<string, number>, order: string[]): string {
  const keys = [...order.filter((k) => k in records), ...Object.keys(records).filter((k) => !order.includes(k))];
  return table([title, 'median'], keys.map((k) => [k, ms(records[k])]));
}
