import { readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { CompareSettings, Item, Mapping } from '@app/contracts';
import { diffPriceVersions, generateExport } from '@app/export-engine';
import { memoryOf, resetPeak } from './memory-probe';
import type { StageName, StageRequest, StageResult } from './stage-runner';

/**
 * One in-process stage in a fresh Node process (`node --expose-gc stage-child.js '<json>'`), so
 * each stage's peak RSS is its own and no stage inherits another's heap. Runs the stage once per
 * `run` line on stdin (so the parent can alternate stages run by run), with a full GC before each,
 * timing every run; at the end of its input prints one `BENCH_RESULT {json}` line.
 */
const gc = (globalThis as { gc?: () => void }).gc;

async function runOnce(stage: StageName, req: StageRequest, items: Item[], mapping: Mapping): Promise<{ check: Record<string, number>; timings?: Record<string, number> }> {
  switch (stage) {
    case 'floor': {
      const { floorScan } = require('./floor-reader') as typeof import('./floor-reader');
      const { sharedStringsMs, sheetMs, ...r } = await floorScan(req.price);
      return { check: { ...r }, timings: { sharedStrings: sharedStringsMs, sheet: sheetMs } };
    }
    case 'naive': {
      const { naiveExport } = require('./naive-exporter') as typeof import('./naive-exporter');
      const r = await naiveExport(req.price, req.template, items, mapping);
      return { check: { ...r } };
    }
    case 'engine': {
      const out = await generateExport({ price: req.price, template: req.template, items, mapping });
      const r = out.report;
      return {
        check: { bytes: out.xlsx.length, matchedByMa: r.matchedByMa, matchedByGm: r.matchedByGm, unmatched: r.unmatched.length },
        timings: out.timings,
      };
    }
    case 'diff':
    case 'diff-kept': {
      // As the version's diff job runs: the JSON diff, diff.xlsx of every change, and the newer
      // version's snapshot for the next diff; `diff-kept` takes the older version from the
      // snapshot its own diff kept (made before the timed runs) instead of its file.
      const { settings } = JSON.parse(readFileSync(req.diffFile!, 'utf8')) as { settings: CompareSettings };
      const xlsx = join(tmpdir(), `bench-diff-${process.pid}.xlsx`);
      const snapshotTo = join(tmpdir(), `bench-diff-${process.pid}.snapshot`);
      const timings: Record<string, number> = {};
      try {
        const olderSnapshot = stage === 'diff-kept' ? readFileSync(olderSnapshotPath()) : undefined;
        const d = await diffPriceVersions(req.price, req.newer!, settings, { xlsx, snapshotTo, olderSnapshot, timings });
        return { check: { added: d.addedTotal, removed: d.removedTotal, changed: d.changedTotal, matched: d.matched, xlsxBytes: statSync(xlsx).size, snapshotBytes: statSync(snapshotTo).size }, timings };
      } finally {
        rmSync(xlsx, { force: true });
        rmSync(snapshotTo, { force: true });
      }
    }
  }
}

/** Where `diff-kept` keeps the older version's snapshot. */
const olderSnapshotPath = () => join(tmpdir(), `bench-diff-${process.pid}.older.snapshot`);

/** Before the timed runs: what a stage needs that is not part of its work. */
async function prepare(req: StageRequest): Promise<void> {
  if (req.stage !== 'diff-kept') return;
  // The older version's snapshot, as the diff that brought it in would have kept it.
  const { settings } = JSON.parse(readFileSync(req.diffFile!, 'utf8')) as { settings: CompareSettings };
  await diffPriceVersions(req.price, req.price, settings, { snapshotTo: olderSnapshotPath() });
}

async function main(): Promise<void> {
  const req = JSON.parse(process.argv[2]) as StageRequest;
  const { items, mapping } = JSON.parse(readFileSync(req.itemsFile, 'utf8')) as { items: Item[]; mapping: Mapping };
  await prepare(req);
  gc?.();
  const baselineRssMb = memoryOf(process.pid).rssMb;
  const result: StageResult = { stage: req.stage, times: [], cpuTimes: [], peakRssMb: 0, baselineRssMb, gc: !!gc, timings: [], check: {} };
  const runOne = async () => {
    gc?.();
    resetPeak(process.pid);
    const t = performance.now();
    const cpu = process.cpuUsage();
    const { check, timings } = await runOnce(req.stage, req, items, mapping);
    result.times.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    result.cpuTimes.push((used.user + used.system) / 1000);
    result.peakRssMb = Math.max(result.peakRssMb, memoryOf(process.pid).hwmMb);
    result.check = check;
    if (timings) result.timings.push(timings);
  };
  process.stdout.write('STAGE_READY\n');
  for await (const line of createInterface({ input: process.stdin })) {
    if (line !== 'run') break;
    await runOne();
    process.stdout.write('STAGE_RUN_DONE\n');
  }
  process.stdin.destroy();
  rmSync(olderSnapshotPath(), { force: true });
  process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
