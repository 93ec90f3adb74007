import { readFile } from 'node:fs/promises';
import type { ApiClient } from './api-client';
import type { BenchInputs } from './fixture-builder';
import { prepareTask } from './http-runner';
import { percentile } from './stats-helper';

export interface OvertakeSummary {
  bigRows: number;
  smallItems: number;
  /** End-to-end times of the small exports made while the big one ran. */
  times: number[];
  p50: number;
  p95: number;
  /** Small exports that finished after the big one: they no longer measure what is asked. */
  afterBig: number;
  errors: number;
  bigMs: number;
}

/**
 * What a user feels: a small export (a 200-item task on a small list) answered while someone's
 * big export (the 300k-row list) runs on the same, single worker. Small exports go one after
 * another, the first once the big one has started, until the big one is done.
 */
export async function runOvertake(client: ApiClient, big: { taskId: string; rows: number }, small: BenchInputs, log: (line: string) => void): Promise<OvertakeSummary> {
  const smallTask = await prepareTask(client, 'Бенчмарк: маленькая задача', small.mapping, small.template, small.items);
  await client.upload(smallTask, 'price', await readFile(small.price));
  await client.generate(smallTask); // the worker's first export also loads the engine's code

  let bigDone = false;
  const bigStarted = performance.now();
  const bigRun = client.generate(big.taskId).then((r) => {
    bigDone = true;
    return { ...r, ms: performance.now() - bigStarted };
  });
  // Let the big one reach the engine before the first small one is sent.
  await new Promise((r) => setTimeout(r, 300));
  const times: number[] = [];
  let errors = 0;
  let afterBig = 0;
  while (!bigDone) {
    const r = await client.generate(smallTask);
    if (r.status !== 200) errors++;
    else if (bigDone) afterBig++;
    else times.push(r.ms);
  }
  const bigResult = await bigRun;
  if (bigResult.status !== 200) errors++;
  log(`  overtake: ${times.length} small exports during a ${(bigResult.ms / 1000).toFixed(1)} s big one, p95 ${percentile(times, 95).toFixed(0)} ms`);
  return { bigRows: big.rows, smallItems: small.items.length, times, p50: percentile(times, 50), p95: percentile(times, 95), afterBig, errors, bigMs: bigResult.ms };
}
