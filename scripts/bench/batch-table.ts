import { availableParallelism } from 'node:os';
import type { BatchBenchSummary } from './batch-runner';
import { table, type Target } from './results-table';
import { median, ratio } from './stats-helper';

const ms = (times: number[]) => [median(times), Math.min(...times), Math.max(...times)].map((v) => `${Math.round(v)}`);

/** The batch case's times: one export, the batch on one worker, on two. */
export function batchTable(b: BatchBenchSummary): string {
  return [
    `batch: ${b.tasks} tasks × ${b.items} items on one ${b.rows}-row price list (POST /api/batches until its parent job completes)`,
    table(
      ['what', 'median ms', 'min', 'max'],
      [
        ['one export of one task (POST generate, one worker)', ...ms(b.oneExport)],
        [`batch of ${b.tasks}, one worker`, ...ms(b.batchOneWorker)],
        [`batch of ${b.tasks}, two workers`, ...ms(b.batchTwoWorkers)],
        ['CPU of one export (all processes)', ...ms(b.cpuOneExport)],
        [`CPU of the batch on one worker (all processes; ${availableParallelism()} cores)`, ...ms(b.cpuBatchOneWorker)],
      ],
    ),
  ].join('\n');
}

export function batchTargets(b: BatchBenchSummary): Target[] {
  return [
    { name: `batch of ${b.tasks} / one export, one worker (${b.rows} rows, ${b.items} items each)`, measured: ratio(b.ratio), target: '≤ 3', pass: b.ratio <= 3 },
    { name: `batch of ${b.tasks}: two workers / one worker`, measured: ratio(b.twoVsOne), target: '< 1', pass: b.twoVsOne < 1 },
  ];
}
