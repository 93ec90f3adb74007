import { mkdtemp, writeFile } from 'node:fs/promises';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@app/config';
import { ApiClient } from './bench/api-client';
import { parseOptions, type BenchOptions } from './bench/bench-options';
import { BenchStack } from './bench/bench-stack';
import { buildInputs, buildRevision, STRING_STYLE_LABEL, type BenchInputs, type DiffExpected, type ExpectedReport, type RevisionInputs } from './bench/fixture-builder';
import { measureGenerate, measureUpload, prepareTask, type GenerateMeasure, type UploadMeasure } from './bench/http-runner';
import { runLoad, type LoadSummary } from './bench/load-runner';
import { runOvertake, type OvertakeSummary } from './bench/overtake-runner';
import { runCheckVsGenerate, type CheckSummary } from './bench/check-runner';
import { gridTable, gridTargets, measureGrid, type GridMeasure } from './bench/grid-runner';
import { runBatchBench, type BatchBenchSummary } from './bench/batch-runner';
import { batchTable, batchTargets } from './bench/batch-table';
import { runMailBench, type MailBenchSummary } from './bench/mail-runner';
import { mailTable, mailTargets } from './bench/mail-table';
import { SmtpSink } from './bench/smtp-sink';
import { breakdownTable, loadTable, stageTable, targetTable, type StageRow, type Target } from './bench/results-table';
import { runStages, type StageName, type StageResult } from './bench/stage-runner';
import { mb, median, medianRecord, ratio } from './bench/stats-helper';
import { runHostsBench } from './bench/hosts-runner';
import { hostsTable, hostsTargets } from './bench/hosts-table';

/**
 * `npm run bench`: seeded reference data, then in one run on this machine
 *   floor / naive / engine — each in a fresh `node --expose-gc` child, median of --runs, peak RSS
 *     (floor and engine run by run in turn, so the machine's drift falls on both alike);
 *   upload / generate — real HTTP through API, BullMQ, worker and S3, median of --runs,
 *     worker peak RSS during generate;
 *   --compare-rows N (300,000 unless 0) — the same at N rows, worker RSS ratio, and small
 *     exports answered while an N-row export runs on the same worker;
 *   check — `Проверить` against `Сформировать` on a --check-items task at --rows, run by run in turn;
 *   small-task load — --clients concurrent clients against --load-workers workers;
 *   grid — the task page in Chromium at --grid-items items: first rows, keystrokes, heap, scrolling;
 *   mail — --mail-exports exports of one batch e-mailed (Отправить всем) to a local SMTP server;
 *   batch — --batch-tasks tasks on one --rows price list: the batch against one export, one and two workers;
 *   --hosts N,N,… alone: workers on simulated hosts (network namespaces, CPU quotas), throughput per host count.
 *   diff, diff-kept — the --rows list against its next version (diffPriceVersions with diff.xlsx
 *     and a snapshot; diff-kept with the older version from its snapshot), each in a child, run by
 *     run in turn with floor and engine (--diff-only: just these).
 * Prints the tables and the targets with PASS/FAIL; --json FILE writes everything measured.
 */
const started = Date.now();
const log = (line: string) => process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);

interface SizeResults {
  rows: number;
  taskId?: string;
  items: number;
  priceBytes: number;
  stages: Partial<Record<StageName, StageResult>>;
  upload?: UploadMeasure;
  generate?: GenerateMeasure;
  checks: string[];
}

async function inProcessStages(inputs: BenchInputs, opts: BenchOptions, names: StageName[], out: SizeResults, revision?: RevisionInputs): Promise<void> {
  const request = (stage: StageName) => ({ stage, price: inputs.price, template: inputs.template, itemsFile: inputs.itemsFile, newer: revision?.newer, diffFile: revision?.diffFile });
  const results: StageResult[] = [];
  if (names.includes('naive')) {
    log(`naive @ ${out.rows} rows: ${opts.runs} runs in a fresh child`);
    results.push(...(await runStages([request('naive')], opts.runs)));
  }
  // floor and engine make the ratio the issue asks for: run by run in turn, so drift hits both.
  const paired = names.filter((n) => n !== 'naive');
  if (paired.length) {
    log(`${paired.join(' and ')} @ ${out.rows} rows: ${opts.runs} runs each, in turn, each in a fresh child`);
    results.push(...(await runStages(paired.map(request), opts.runs)));
  }
  for (const r of results) {
    out.stages[r.stage] = r;
    log(`  ${r.stage}: median ${median(r.times).toFixed(0)} ms, peak RSS ${mb(r.peakRssMb)}`);
    if (r.stage === 'floor' && r.check.rows !== out.rows + 1) out.checks.push(`floor saw ${r.check.rows} rows, expected ${out.rows + 1}`);
    else if (r.stage === 'diff' || r.stage === 'diff-kept') checkDiff(`${r.stage}@${out.rows}`, r.check, revision!.expected, out.checks);
    else if (r.stage !== 'floor') checkReport(`${r.stage}@${out.rows}`, r.check, inputs.expected, out.checks);
  }
}

function checkReport(what: string, got: Record<string, number>, want: ExpectedReport, checks: string[]): void {
  for (const k of ['matchedByMa', 'matchedByGm', 'unmatched'] as const) {
    if (got[k] !== want[k]) checks.push(`${what}: ${k} = ${got[k]}, expected ${want[k]}`);
  }
}

function checkDiff(what: string, got: Record<string, number>, want: DiffExpected, checks: string[]): void {
  for (const k of ['added', 'removed', 'changed'] as const) {
    if (got[k] !== want[k]) checks.push(`${what}: ${k} = ${got[k]}, expected ${want[k]}`);
  }
}

async function httpStages(stack: BenchStack, client: ApiClient, inputs: BenchInputs, opts: BenchOptions, out: SizeResults): Promise<void> {
  await stack.stopWorkers();
  const worker = await stack.startBenchWorker();
  const taskId = await prepareTask(client, `Бенчмарк ${out.rows}`, inputs.mapping, inputs.template, inputs.items);
  out.taskId = taskId;
  log(`upload @ ${out.rows} rows: ${opts.runs} runs`);
  out.upload = await measureUpload(stack, client, taskId, inputs.price, opts.runs);
  log(`  upload: median ${median(out.upload.times).toFixed(0)} ms`);
  log(`generate @ ${out.rows} rows: ${opts.runs} runs, worker pid ${worker.pid}`);
  out.generate = await measureGenerate(stack, client, worker, taskId, opts.runs);
  log(`  generate: median ${median(out.generate.times).toFixed(0)} ms, worker peak RSS ${mb(Math.max(...out.generate.workerPeakRssMb))}`);
  const last = out.generate.checks[out.generate.checks.length - 1];
  const want = inputs.expected;
  if (last.rows !== want.rows || last.matched !== want.matchedByMa + want.matchedByGm || last.unmatched !== want.unmatched) {
    out.checks.push(`generate@${out.rows}: headers rows/matched/unmatched ${last.rows}/${last.matched}/${last.unmatched}, expected ${want.rows}/${want.matchedByMa + want.matchedByGm}/${want.unmatched}`);
  }
}

function stageRows(r: SizeResults, suffix = ''): StageRow[] {
  const floor = r.stages.floor ? median(r.stages.floor.times) : NaN;
  const row = (name: string, what: string, times: number[] | undefined, peak?: number): StageRow | undefined =>
    times && { name: `${name}${suffix}`, what, medianMs: median(times), minMs: Math.min(...times), maxMs: Math.max(...times), peakRssMb: peak, vsFloor: median(times) / floor };
  return [
    row('floor', 'inflate sharedStrings + sheet, byte scan of every value (child process)', r.stages.floor?.times, r.stages.floor?.peakRssMb),
    row('naive', 'exceljs: whole price Workbook + Map lookup + fill template + writeBuffer (child)', r.stages.naive?.times, r.stages.naive?.peakRssMb),
    row('engine', 'generateExport() in-process on file paths (child)', r.stages.engine?.times, r.stages.engine?.peakRssMb),
    row('diff', 'diffPriceVersions() of this list and its next version: both files, diff.xlsx, the snapshot (child)', r.stages.diff?.times, r.stages.diff?.peakRssMb),
    row('diff-kept', 'the same with the older version from the snapshot its own diff kept (child)', r.stages['diff-kept']?.times, r.stages['diff-kept']?.peakRssMb),
    row('upload', 'POST /upload/price, multipart, until the response (API peak RSS)', r.upload?.times, r.upload?.apiPeakRssMb),
    row('generate', 'POST /generate until the last byte: API→queue→worker→S3→API (worker peak RSS)', r.generate?.times, r.generate && Math.max(...r.generate.workerPeakRssMb)),
  ].filter((x): x is StageRow => !!x);
}

function targets(main: SizeResults, compare: SizeResults | undefined, overtake: OvertakeSummary | undefined, load: LoadSummary | undefined, checked?: CheckSummary): Target[] {
  const t = (s?: { times: number[] }) => (s ? median(s.times) : NaN);
  const floor = t(main.stages.floor);
  const engine = t(main.stages.engine);
  const naive = t(main.stages.naive);
  const gen = t(main.generate);
  const up = t(main.upload);
  const rss = main.generate ? Math.max(...main.generate.workerPeakRssMb) : NaN;
  const check = (x: number, ok: (v: number) => boolean) => (Number.isFinite(x) ? ok(x) : null);
  const out: Target[] = [
    { name: 'engine / floor', measured: ratio(engine / floor), target: '≤ 2', pass: check(engine / floor, (v) => v <= 2) },
    { name: 'generate / floor', measured: ratio(gen / floor), target: '≤ 2.5', pass: check(gen / floor, (v) => v <= 2.5) },
    { name: 'naive / engine', measured: ratio(naive / engine), target: '≥ 4', pass: check(naive / engine, (v) => v >= 4) },
    { name: `worker peak RSS during generate (${main.rows} rows)`, measured: mb(rss), target: '≤ 300 MB', pass: check(rss, (v) => v <= 300) },
    { name: 'upload / floor', measured: ratio(up / floor), target: '≤ 3', pass: check(up / floor, (v) => v <= 3) },
  ];
  if (main.stages.diff) {
    const diff = t(main.stages.diff);
    const kept = t(main.stages['diff-kept']);
    const what = `two ${main.rows}-row versions (+ diff.xlsx) / one export of ${main.items} items`;
    const cpu = (s?: StageResult) => (s?.cpuTimes ? median(s.cpuTimes) : NaN);
    const engineCpu = cpu(main.stages.engine);
    const measured = (x: number, xCpu: number) => `${Math.round(x)} / ${Math.round(engine)} ms = ${ratio(x / engine)} (CPU ${Math.round(xCpu)} / ${Math.round(engineCpu)} ms = ${ratio(xCpu / engineCpu)})`;
    // A worker keeps every current version's table (a list's first one too), so its comparisons read one file;
    // both are read only against a version made current before tables were kept.
    out.push({ name: `diff of ${what}, as a worker makes it (the older version's kept table)`, measured: measured(kept, cpu(main.stages['diff-kept'])), target: '≤ 1', pass: check(kept / engine, (v) => v <= 1) });
    out.push({ name: `diff reading both files (against a version from before tables were kept), of ${what}`, measured: measured(diff, cpu(main.stages.diff)), target: 'reported', pass: null });
    const peak = Math.max(main.stages.diff.peakRssMb, main.stages['diff-kept']?.peakRssMb ?? 0);
    out.push({ name: `diff child peak RSS (${main.rows} rows)`, measured: mb(peak), target: '≤ 300 MB', pass: check(peak, (v) => v <= 300) });
  }
  if (compare?.generate && main.generate) {
    const big = Math.max(...compare.generate.workerPeakRssMb);
    out.push({ name: `worker peak RSS ${compare.rows} / ${main.rows} rows`, measured: `${mb(big)} / ${mb(rss)} = ${ratio(big / rss)}`, target: '≤ 1.10×', pass: big / rss <= 1.1 });
    const e1 = main.stages.engine?.peakRssMb ?? NaN;
    const e3 = compare.stages.engine?.peakRssMb ?? NaN;
    out.push({ name: `engine child peak RSS ${compare.rows} / ${main.rows} rows`, measured: `${mb(e3)} / ${mb(e1)} = ${ratio(e3 / e1)}`, target: 'reported', pass: null });
  }
  if (overtake) {
    const what = `${overtake.smallItems}-item export while a ${overtake.bigRows}-row one runs (one worker): p95 of ${overtake.times.length}`;
    out.push({ name: what, measured: `${Math.round(overtake.p95)} ms (p50 ${Math.round(overtake.p50)})`, target: '≤ 300 ms, no errors', pass: overtake.errors === 0 && overtake.times.length > 0 && overtake.p95 <= 300 });
  }
  if (checked) {
    const what = `check / generate, ${checked.items} items, ${checked.rows} rows (medians ${Math.round(median(checked.checkTimes))} / ${Math.round(median(checked.generateTimes))} ms)`;
    out.push({ name: what, measured: ratio(checked.ratio), target: '≤ 1.5', pass: checked.ratio <= 1.5 });
  }
  if (load) {
    out.push({ name: 'small-task load: errors', measured: String(load.errors), target: '0', pass: load.errors === 0 });
    out.push({ name: 'small-task load: queue overhead p50 (e2e − engineMs)', measured: `${load.overheadP50} ms`, target: 'reported', pass: null });
    out.push({ name: 'small-task load: throughput', measured: `${load.throughputPerS} exports/s`, target: 'reported', pass: null });
  }
  return out;
}

/** `--hosts`: the many-hosts case alone (DESIGN §18), on a topology of its own. */
async function hostsMain(opts: BenchOptions, workDir: string): Promise<void> {
  const summary = await runHostsBench({
    hosts: opts.hosts,
    cpus: opts.hostCpus,
    rows: opts.rows,
    batchTasks: opts.hostsBatchTasks,
    batchItems: opts.batchItems,
    smallExports: opts.hostsSmallExports,
    smallRows: opts.loadRows,
    smallItems: opts.loadItems,
    clients: opts.clients,
    runs: opts.runs,
    seed: opts.seed,
    workDir,
    keepFiles: opts.keepLogs,
    log,
  });
  const text = [`Прайс-экспорт benchmark, many hosts — ${new Date().toISOString()}`, `machine: ${cpus().length} × ${cpus()[0]?.model ?? ''}, node ${process.version}`, '', hostsTable(summary), '', targetTable(hostsTargets(summary))];
  if (summary.problems.length) text.push('', `RESULT CHECKS FAILED:\n  ${summary.problems.slice(0, 20).join('\n  ')}`);
  else text.push('', 'result checks: every export had its expected rows, and the same bytes on every host count');
  process.stdout.write(`${text.join('\n')}\n`);
  if (opts.json) await writeFile(opts.json, JSON.stringify({ date: new Date().toISOString(), hosts: summary }, null, 2));
  process.exitCode = summary.problems.length ? 1 : 0;
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const workDir = await mkdtemp(join(tmpdir(), 'pe-bench-'));
  if (opts.hosts.length) return hostsMain(opts, workDir);
  const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '', memGb: Math.round(totalmem() / 2 ** 30), freeGb: Math.round(freemem() / 2 ** 30), node: process.version, loadAvgStart: loadavg().map((x) => +x.toFixed(2)) };
  log(`work dir ${workDir}; ${machine.cpus} CPUs, ${machine.memGb} GB, node ${machine.node}, load avg ${machine.loadAvgStart.join(' ')}`);
  const stack = new BenchStack(workDir);
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    log('cleaning up (processes, database, Redis keys, files)');
    const problems = await stack.close({ keepFiles: opts.keepLogs });
    for (const p of problems) log(`cleanup: ${p}`);
    if (opts.keepLogs) log(`kept ${workDir}`);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanup().finally(() => process.exit(130)));

  const main: SizeResults = { rows: opts.rows, items: opts.items, priceBytes: 0, stages: {}, checks: [] };
  let compare: SizeResults | undefined;
  let load: LoadSummary | undefined;
  let overtake: OvertakeSummary | undefined;
  let checked: CheckSummary | undefined;
  const grid: GridMeasure[] = [];
  let batch: BatchBenchSummary | undefined;
  let mail: MailBenchSummary | undefined;
  const exports = !opts.loadOnly && !opts.gridOnly && !opts.batchOnly && !opts.mailOnly;
  const mailStage = opts.mailExports > 0 && !opts.diffOnly && (opts.mailOnly || exports);
  // The workers send to it: it is there before they start.
  const sink = mailStage ? await SmtpSink.start() : undefined;
  if (sink) stack.env.SMTP_URL = sink.url;
  let revision: RevisionInputs | undefined;
  try {
    let inputs: BenchInputs | undefined;
    if (exports) {
      log(`building the seeded price list: ${opts.rows} rows × 13 columns, ${opts.items} items`);
      inputs = await buildInputs(workDir, opts.rows, opts.items, opts.seed, opts.strings);
      main.priceBytes = inputs.priceBytes;
      log(`  price list ${(inputs.priceBytes / 1e6).toFixed(1)} MB; expected ${JSON.stringify(inputs.expected)}`);
      if (!opts.skipDiff) {
        log(`building its next version for the diff: ${opts.rows} rows`);
        revision = await buildRevision(workDir, inputs.price, opts.rows, opts.seed, opts.strings);
        log(`  compared by ${JSON.stringify(revision.settings)}; expected ${JSON.stringify(revision.expected)}`);
      }
      const stages: StageName[] = opts.skipNaive ? ['floor', 'engine'] : ['floor', 'naive', 'engine'];
      await inProcessStages(inputs, opts, revision ? [...stages, 'diff', 'diff-kept'] : stages, main, revision);
    }
    // --diff-only: the in-process stages above are all; no stack.
    if (!opts.diffOnly) {
      log('starting the stack: s3rver, API, worker');
      await stack.start();
      const client = new ApiClient(stack.apiUrl, await stack.adminToken());
      if (inputs) await httpStages(stack, client, inputs, opts, main);
      if (inputs && opts.checkItems > 0) {
        log(`check: Проверить against Сформировать, ${opts.checkItems} items at ${opts.rows} rows, ${opts.runs} runs each, in turn`);
        const many = await buildInputs(workDir, opts.rows, opts.checkItems, opts.seed, opts.strings);
        checked = await runCheckVsGenerate(client, many, opts.rows, opts.runs);
        log(`  check ${median(checked.checkTimes).toFixed(0)} ms, generate ${median(checked.generateTimes).toFixed(0)} ms: ${ratio(checked.ratio)} (${checked.warnings} warnings)`);
      }

      if (!opts.loadOnly && !opts.batchOnly && !opts.mailOnly) {
        if (opts.gridOnly) await stack.startBenchWorker();
        for (const items of opts.gridItems) {
          log(`grid: the task page with ${items} items in Chromium, ${opts.runs} opens, ${opts.gridKeys} keystrokes`);
          grid.push(await measureGrid(client, items, { opens: opts.runs, keys: opts.gridKeys, log }));
        }
      }

      if (opts.compareRows > 0 && opts.compareRows !== opts.rows && exports) {
        compare = { rows: opts.compareRows, items: opts.items, priceBytes: 0, stages: {}, checks: [] };
        log(`compare: building ${opts.compareRows} rows`);
        const big = await buildInputs(workDir, opts.compareRows, opts.items, opts.seed, opts.strings);
        compare.priceBytes = big.priceBytes;
        await inProcessStages(big, opts, ['floor', 'engine'], compare);
        await httpStages(stack, client, big, opts, compare);
        log(`overtake: small exports while a ${opts.compareRows}-row export runs on the same worker`);
        const small = await buildInputs(workDir, opts.loadRows, opts.loadItems, opts.seed, opts.strings);
        overtake = await runOvertake(client, { taskId: compare.taskId!, rows: compare.rows }, small, log);
      }

      if (opts.batchTasks > 0 && !opts.loadOnly && !opts.gridOnly && !opts.mailOnly) {
        log(`batch: ${opts.batchTasks} tasks × ${opts.batchItems} items on one ${opts.rows}-row price list, ${opts.runs} runs on one worker, then on two`);
        const base = inputs ?? (await buildInputs(workDir, opts.rows, opts.batchItems, opts.seed, opts.strings));
        batch = await runBatchBench(stack, client, base, { rows: opts.rows, tasks: opts.batchTasks, items: opts.batchItems, runs: opts.runs, log });
      }

      if (sink) {
        const runs = Math.min(opts.runs, 3);
        log(`mail: ${opts.mailExports} exports of one batch, each e-mailed to a local SMTP server, ${runs} runs; one worker`);
        const small = await buildInputs(workDir, opts.loadRows, 20, opts.seed, opts.strings);
        await stack.stopWorkers();
        await stack.startBenchWorker();
        mail = await runMailBench(client, sink, small, { rows: opts.loadRows, exports: opts.mailExports, items: 20, runs, log });
      }

      if (!opts.skipLoad && !opts.gridOnly && !opts.batchOnly && !opts.mailOnly) {
        const small = await buildInputs(workDir, opts.loadRows, opts.loadItems, opts.seed, opts.strings);
        await stack.stopWorkers();
        for (let i = 0; i < opts.loadWorkers; i++) await stack.startBenchWorker(opts.loadConcurrency || undefined);
        load = await runLoad(stack, client, small, { clients: opts.clients, seconds: opts.loadSeconds, concurrency: opts.loadConcurrency || loadConfig({}).WORKER_CONCURRENCY, log });
      }
      client.close();
    }
  } finally {
    await cleanup();
    await sink?.close();
  }

  const exportTargets = opts.gridOnly || opts.batchOnly || opts.mailOnly
    ? []
    : targets(main, compare, overtake, load, checked).filter((t) => (!opts.loadOnly || t.name.startsWith('small-task')) && (!opts.diffOnly || t.name.startsWith('diff') || t.name === 'engine / floor'));
  const all = [...exportTargets, ...gridTargets(grid), ...(batch ? batchTargets(batch) : []), ...(mail ? mailTargets(mail) : [])];
  const loadAvgEnd = loadavg().map((x) => +x.toFixed(2));
  const text: string[] = [];
  text.push(`Прайс-экспорт benchmark — ${new Date().toISOString()}`);
  text.push(`machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memGb} GB RAM, node ${machine.node}; load avg at start ${machine.loadAvgStart.join(' ')}, at end ${loadAvgEnd.join(' ')}`);
  if (opts.loadOnly) text.push(`inputs: small-task load only: ${opts.loadRows}-row price list, ${opts.loadItems} items`);
  else if (opts.gridOnly) text.push(`inputs: the task page only: ${opts.gridItems.join(', ')} items`);
  else if (opts.mailOnly) text.push(`inputs: the mail stage only: ${opts.mailExports} exports (${opts.loadRows}-row price list, 20 items each) e-mailed to a local SMTP server`);
  else if (opts.diffOnly) text.push(`inputs: the diff case only: price list ${opts.rows} rows × 13 cols (${(main.priceBytes / 1e6).toFixed(1)} MB xlsx, ${STRING_STYLE_LABEL[opts.strings]}, seed ${opts.seed}) and its next version; ${opts.items} items for the export it is timed against; median of ${opts.runs} runs`);
  else if (opts.batchOnly) text.push(`inputs: the batch case only: ${opts.batchTasks} tasks × ${opts.batchItems} items on one ${opts.rows}-row price list (${STRING_STYLE_LABEL[opts.strings]}, seed ${opts.seed}), median of ${opts.runs} runs`);
  else text.push(`inputs: price list ${opts.rows} rows × 13 cols (${(main.priceBytes / 1e6).toFixed(1)} MB xlsx, ${STRING_STYLE_LABEL[opts.strings]}, seed ${opts.seed}), ${opts.items} items (~90% found, every 10th found by GM only), median of ${opts.runs} runs`);
  if (exports) text.push('', stageTable(stageRows(main)));
  if (compare) text.push('', stageTable(stageRows(compare, ` @${compare.rows}`)));
  if (main.generate) {
    text.push('', breakdownTable(`generate @${main.rows}: worker timings (exports.timings)`, { e2e: median(main.generate.times), ...medianRecord(main.generate.timings) }, ['e2e', 'downloadMs', 'engineMs', 'uploadMs']));
    const idle = (g: GenerateMeasure) => `${mb(g.workerIdleRssMb)} (RSS ${g.idleRssPerProcessMb.map(mb).join(' + ')})`;
    const peaks = (g: GenerateMeasure, rows: number) =>
      `@${rows}: ${g.workerPeakRssMb.map((p, i) => `${mb(p)} (${g.peakPerProcessMb[i].map(mb).join(' + ')} = ${mb(g.workerPeakUpperMb[i])})`).join(', ')}`;
    text.push(`worker RSS = the worker process, its engine threads included.`);
    text.push(`  idle before generate: ${idle(main.generate)}${compare?.generate ? `; ${idle(compare.generate)} before the ${compare.rows}-row runs, a fresh worker` : ''}`);
    text.push(`  peak per run (each process's VmHWM, worker + engine = their sum, an upper bound): ${peaks(main.generate, main.rows)}${compare?.generate ? `; ${peaks(compare.generate, compare.rows)}` : ''}`);
  }
  if (main.stages.floor) text.push('', breakdownTable(`floor @${main.rows}: per part`, medianRecord(main.stages.floor.timings), ['sharedStrings', 'sheet']));
  if (main.stages.engine) text.push('', breakdownTable(`engine @${main.rows} in-process: own timings`, medianRecord(main.stages.engine.timings), ['total']));
  for (const stage of ['diff', 'diff-kept'] as const) {
    const r = main.stages[stage];
    if (r) text.push('', breakdownTable(`${stage} @${main.rows} in-process: own timings`, medianRecord(r.timings), ['heads', 'read', 'compare', 'xlsx', 'snapshot']));
  }
  if (compare?.stages.engine) text.push('', breakdownTable(`engine @${compare.rows} in-process: own timings`, medianRecord(compare.stages.engine.timings), ['total']));
  if (load) text.push('', loadTable(load));
  if (grid.length) text.push('', gridTable(grid));
  if (batch) text.push('', batchTable(batch));
  if (mail) text.push('', mailTable(mail));
  text.push('', targetTable(all));
  const checks = [...main.checks, ...(compare?.checks ?? [])];
  if (checks.length) text.push('', `RESULT CHECKS FAILED:\n  ${checks.join('\n  ')}`);
  else if (exports) text.push('', 'result checks: every stage matched the expected rows (MA / GM / unmatched counts)');
  process.stdout.write(`${text.join('\n')}\n`);

  if (opts.json) {
    await writeFile(opts.json, JSON.stringify({ date: new Date().toISOString(), machine: { ...machine, loadAvgEnd }, options: opts, main, compare, overtake, load, checked, grid, batch, mail, targets: all, checks }, null, 2));
    log(`results written to ${opts.json}`);
  }
  process.exitCode = checks.length ? 1 : 0;
}

main().catch((error: Error) => {
  process.stderr.write(`bench failed: ${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
