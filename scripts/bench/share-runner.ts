import { join } from 'node:path';
import type { Item } from '@app/contracts';
import { covers, generateExport, sharePrice } from '@app/export-engine';
import { priceCodes, writePriceList } from '@app/export-engine/testing/price-fixture';
import { BENCH_MAPPING, writeTemplate } from './fixture-builder';
import { median } from './stats-helper';

export interface ShareMeasure {
  rows: number;
  tasks: number;
  itemsPerTask: number;
  /** Median of one export on its own (it reads the price list). */
  oneMs: number;
  shareMs: number;
  /** All tasks' exports with the share, together. */
  sharedExportsMs: number;
  /** (share + all shared exports) / one export: DESIGN §12 asks ≤ 3 for 20 tasks × 200 items on 100,000 rows. */
  ratio: number;
  covered: number;
  /** The same with the share read without the tasks' common key columns (every column a key column). */
  shareAnyColumnMs: number;
  sharedAnyColumnExportsMs: number;
  ratioAnyColumn: number;
}

/**
 * DESIGN §12 "Speed" at the engine: one export of a task reading the 100,000-row list itself,
 * against sharePrice for the union of `tasks` tasks and each task's export from the share — all
 * in this process, one after another (what one worker of a batch does). The share is read both
 * with the tasks' common key columns and without (every column a key column).
 */
export async function measureShare(dir: string, rows = 100_000, tasks = 20, itemsPerTask = 200, runs = 3): Promise<ShareMeasure> {
  const price = join(dir, `share-price-${rows}.xlsx`);
  const template = join(dir, 'share-template.xlsx');
  await writePriceList(price, { rows });
  await writeTemplate(template);
  const batch = Array.from({ length: tasks }, (_, t) => taskItems(rows, t, tasks, itemsPerTask));
  const union = batch.flat();
  const columns = Object.keys(BENCH_MAPPING.priceToTemplate).map(Number);

  const one: number[] = [];
  const share: number[] = [];
  const shared: number[] = [];
  const shareAny: number[] = [];
  const sharedAny: number[] = [];
  let covered = 0;
  // Warm-up, so the first measured run is not also V8's compile.
  await generateExport({ price, template, items: batch[0], mapping: BENCH_MAPPING });
  for (let r = 0; r < runs; r++) {
    let t = performance.now();
    await generateExport({ price, template, items: batch[r % tasks], mapping: BENCH_MAPPING });
    one.push(performance.now() - t);

    covered = 0;
    for (const [keyColumns, shareTimes, exportTimes] of [[BENCH_MAPPING.priceKeys, share, shared], [undefined, shareAny, sharedAny]] as const) {
      t = performance.now();
      // As a batch whose profiles remember no price headers (the benchmark's) reads it.
      const sharedPrice = await sharePrice(price, union, columns, keyColumns, { headers: false });
      shareTimes.push(performance.now() - t);
      t = performance.now();
      for (const items of batch) {
        if (covers(sharedPrice, items, BENCH_MAPPING)) covered++;
        await generateExport({ price, template, items, mapping: BENCH_MAPPING, sharedPrice });
      }
      exportTimes.push(performance.now() - t);
    }
    covered /= 2;
  }
  const oneMs = median(one);
  const shareMs = median(share);
  const sharedExportsMs = median(shared);
  const shareAnyColumnMs = median(shareAny);
  const sharedAnyColumnExportsMs = median(sharedAny);
  return {
    rows,
    tasks,
    itemsPerTask,
    oneMs,
    shareMs,
    sharedExportsMs,
    ratio: (shareMs + sharedExportsMs) / oneMs,
    covered,
    shareAnyColumnMs,
    sharedAnyColumnExportsMs,
    ratioAnyColumn: (shareAnyColumnMs + sharedAnyColumnExportsMs) / oneMs,
  };
}

/** Task `t`'s items: rows spread over the list, each task its own (a few shared with the next task). */
function taskItems(rows: number, t: number, tasks: number, count: number): Item[] {
  const stride = Math.max(1, Math.floor(rows / (tasks * count)));
  return Array.from({ length: count }, (_, k) => {
    const c = priceCodes(((t * count + k) * stride + (k % 10 === 0 ? stride * count : 0)) % rows);
    return { ma: c.ma, gm: String(c.gm), name: `Позиция ${t}-${k}`, minQty: 1 + (k % 12), step: 1 + (k % 6) };
  });
}
