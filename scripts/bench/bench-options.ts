import { STRING_STYLES, type StringStyle } from './fixture-builder';

/**
 * Command-line flags of `npm run bench -- …`. Sizes are flags so the same script runs the
 * 300,000-row case; every default is the reference case of issue 7.
 */
export interface BenchOptions {
  rows: number;
  items: number;
  runs: number;
  loadSeconds: number;
  clients: number;
  loadWorkers: number;
  loadConcurrency: number;
  loadRows: number;
  loadItems: number;
  skipLoad: boolean;
  skipNaive: boolean;
  loadOnly: boolean;
  compareRows: number;
  /** Items of the task on which `Проверить` is timed against `Сформировать` (issue 21); 0 = skip. */
  checkItems: number;
  /** Tasks whose page is measured in Chromium, by their item count (issue 29); [] = skip. */
  gridItems: number[];
  /** Keystrokes timed per task page. */
  gridKeys: number;
  /** Only the task page's measures (no price lists, no exports). */
  gridOnly: boolean;
  /** Tasks in the batch case (issue 28): a batch of them against one export; 0 = skip. */
  batchTasks: number;
  /** Items of each task of the batch case. */
  batchItems: number;
  /** Only the batch case (one price list at --rows, no other stage). */
  batchOnly: boolean;
  /** Worker host counts of the many-hosts case (issue 37, DESIGN §18); [] = skip. Needs root. */
  hosts: number[];
  /** CPU quota of each simulated worker host. */
  hostCpus: number;
  /** The many-hosts case's batch, and its small exports beside it. */
  hostsBatchTasks: number;
  hostsSmallExports: number;
  /** No diff stage (issue 35: two versions of the --rows list compared, against one export). */
  skipDiff: boolean;
  /** Only floor, engine and diff at --rows (in-process, no stack). */
  diffOnly: boolean;
  /** Exports of the mail stage (issue 36): one batch, each file e-mailed to a local SMTP server; 0 = skip. */
  mailExports: number;
  /** Only the mail stage. */
  mailOnly: boolean;
  json?: string;
  /** Where the generated price lists keep their texts (fixture-builder's STRING_STYLES). */
  strings: StringStyle;
  seed: number;
  keepLogs: boolean;
}

export const DEFAULTS: BenchOptions = {
  rows: 100_000,
  items: 2_000,
  runs: 5,
  loadSeconds: 30,
  clients: 16,
  loadWorkers: 2,
  loadConcurrency: 0,
  loadRows: 1_000,
  loadItems: 200,
  skipLoad: false,
  skipNaive: false,
  loadOnly: false,
  compareRows: 300_000,
  checkItems: 10_000,
  gridItems: [10_000, 1_000],
  gridKeys: 21,
  gridOnly: false,
  hosts: [],
  hostCpus: 0.5,
  hostsBatchTasks: 40,
  hostsSmallExports: 200,
  batchTasks: 20,
  batchItems: 200,
  batchOnly: false,
  skipDiff: false,
  diffOnly: false,
  mailExports: 200,
  mailOnly: false,
  strings: 'shared',
  seed: 20240501,
  keepLogs: false,
};

export const USAGE = `npm run bench -- [flags]
  --rows N            price-list rows (default ${DEFAULTS.rows})
  --items N           items in the task (default ${DEFAULTS.items})
  --runs N            runs per stage, the median is reported (default ${DEFAULTS.runs})
  --load-seconds N    small-task load duration (default ${DEFAULTS.loadSeconds})
  --clients N         concurrent clients in the load (default ${DEFAULTS.clients})
  --load-workers N    worker processes in the load (default ${DEFAULTS.loadWorkers})
  --load-concurrency N  WORKER_CONCURRENCY of the load's workers (default: the app's own default)
  --load-rows N       price-list rows of the small task (default ${DEFAULTS.loadRows})
  --load-items N      items of the small task (default ${DEFAULTS.loadItems})
  --skip-load         no small-task load
  --skip-naive        no exceljs baseline (it takes ~15 s and >1 GB per run at 100k)
  --load-only         only the small-task load (no floor/naive/engine/upload/generate)
  --compare-rows N    also run floor, engine, upload and generate at N rows and print the
                      worker peak RSS ratio N-rows / --rows (issue 7: within 10%; default
                      ${DEFAULTS.compareRows}, 0 = skip)
  --check-items N     time Проверить against Сформировать on a task of N items at --rows
                      (issue 21: ≤ 1.5×; default ${DEFAULTS.checkItems}, 0 = skip)
  --grid-items LIST   open a task of each size (comma-separated item counts) in Chromium and
                      time its first rows, keystrokes, heap and scrolling (issue 29; default
                      ${DEFAULTS.gridItems.join(',')}, 0 = skip); --runs opens per size
  --grid-keys N       keystrokes timed per task page (default ${DEFAULTS.gridKeys})
  --grid-only         only the task page's measures (a minute or two)
  --batch-tasks N     a batch of N tasks on one --rows price list against one export of one of
                      them, on one worker and on two (issue 28: ≤ 3×, two < one; default
                      ${DEFAULTS.batchTasks}, 0 = skip)
  --batch-items N     items of each task of the batch (default ${DEFAULTS.batchItems})
  --batch-only        only the batch case (a few minutes)
  --skip-diff         no diff stages: the --rows list against its next version (every 200th row
                      gone, as many new, ~3 % of prices changed), diffPriceVersions with diff.xlsx
                      and the newer version's snapshot timed against the engine's export of the
                      --items task (issue 35: ≤ 1×); \`diff-kept\` takes the older version from the
                      snapshot its own diff kept instead of its file
  --diff-only         only floor, engine and the diff stages at --rows (a minute or two; no API,
                      worker or S3)
  --mail-exports N    the mail stage: a batch of N small exports, each e-mailed (Отправить всем)
                      to a local SMTP server, messages/s (issue 36: ≥ 20; default
                      ${DEFAULTS.mailExports}, 0 = skip); --runs up to 3
  --mail-only         only the mail stage (a few minutes)
  --strings S         where the price lists keep their texts: shared (the shared-strings part,
                      default), str (t="str" cells) or inline (t="inlineStr"), as written by
                      streaming writers
  --seed N            data seed (default ${DEFAULTS.seed})
  --hosts N,N,…       only the many-hosts case (needs root): the services and the API on one
                      simulated host (a network namespace), each worker on a host of its own with
                      --host-cpus of CPU; a batch of --hosts-batch tasks on one --rows price list
                      and --hosts-small small exports at once, --runs times per host count
                      (e.g. 1,2,3)
  --host-cpus X       CPU quota of each worker host (default ${DEFAULTS.hostCpus})
  --hosts-batch N     tasks of the many-hosts batch (default ${DEFAULTS.hostsBatchTasks})
  --hosts-small N     small exports beside it (default ${DEFAULTS.hostsSmallExports})
  --json FILE         write machine-readable results
  --keep-logs         keep the work directory (app logs) after the run`;

const INT_FLAGS: Record<string, keyof BenchOptions> = {
  '--rows': 'rows',
  '--items': 'items',
  '--runs': 'runs',
  '--load-seconds': 'loadSeconds',
  '--clients': 'clients',
  '--load-workers': 'loadWorkers',
  '--load-concurrency': 'loadConcurrency',
  '--load-rows': 'loadRows',
  '--load-items': 'loadItems',
  '--compare-rows': 'compareRows',
  '--check-items': 'checkItems',
  '--grid-keys': 'gridKeys',
  '--batch-tasks': 'batchTasks',
  '--batch-items': 'batchItems',
  '--hosts-batch': 'hostsBatchTasks',
  '--hosts-small': 'hostsSmallExports',
  '--mail-exports': 'mailExports',
  '--seed': 'seed',
};
const BOOL_FLAGS: Record<string, keyof BenchOptions> = {
  '--skip-load': 'skipLoad',
  '--skip-naive': 'skipNaive',
  '--load-only': 'loadOnly',
  '--grid-only': 'gridOnly',
  '--batch-only': 'batchOnly',
  '--skip-diff': 'skipDiff',
  '--diff-only': 'diffOnly',
  '--mail-only': 'mailOnly',
  '--keep-logs': 'keepLogs',
};

export function parseOptions(argv: string[]): BenchOptions {
  const options: BenchOptions = { ...DEFAULTS };
  const out = options as unknown as Record<string, unknown>;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2) as [string, string | undefined];
    if (flag === '--help' || flag === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    }
    if (BOOL_FLAGS[flag]) {
      out[BOOL_FLAGS[flag]] = true;
      continue;
    }
    const value = inline ?? argv[++i];
    if (flag === '--strings') {
      if (!STRING_STYLES.includes(value as StringStyle)) throw new Error(`--strings expects one of ${STRING_STYLES.join(', ')}, got ${value}`);
      options.strings = value as StringStyle;
      continue;
    }
    if (flag === '--hosts') {
      options.hosts = parseSizes(flag, value).sort((a, b) => a - b);
      continue;
    }
    if (flag === '--host-cpus') {
      options.hostCpus = Number(value);
      if (!(options.hostCpus > 0 && options.hostCpus <= 64)) throw new Error(`--host-cpus expects a number of CPUs such as 0.5, got ${value}`);
      continue;
    }
    if (flag === '--grid-items') {
      options.gridItems = parseSizes(flag, value);
      continue;
    }
    if (flag === '--json') {
      if (!value) throw new Error('--json needs a file name');
      options.json = value;
      continue;
    }
    const key = INT_FLAGS[flag];
    if (!key) throw new Error(`unknown flag ${flag}\n${USAGE}`);
    const n = Number(String(value).replace(/_/g, ''));
    if (!Number.isInteger(n) || n < 0) throw new Error(`${flag} expects a whole number, got ${value}`);
    out[key] = n;
  }
  if (options.rows < 1 || options.items < 1 || options.runs < 1 || options.gridKeys < 1) throw new Error('--rows, --items, --runs and --grid-keys must be ≥ 1');
  if (options.loadOnly && options.skipLoad) throw new Error('--load-only and --skip-load exclude each other');
  if (options.loadOnly && options.gridOnly) throw new Error('--load-only and --grid-only exclude each other');
  if (options.gridOnly && options.gridItems.length === 0) throw new Error('--grid-only needs --grid-items');
  if ([options.loadOnly, options.gridOnly, options.batchOnly, options.diffOnly, options.mailOnly].filter(Boolean).length > 1) throw new Error('--load-only, --grid-only, --batch-only, --diff-only and --mail-only exclude each other');
  if (options.diffOnly && options.skipDiff) throw new Error('--diff-only and --skip-diff exclude each other');
  if (options.diffOnly) Object.assign(options, { skipNaive: true, skipLoad: true, compareRows: 0, checkItems: 0, gridItems: [], batchTasks: 0 });
  if (options.mailOnly && options.mailExports < 1) throw new Error('--mail-only needs --mail-exports ≥ 1');
  if (options.batchOnly && (options.batchTasks < 2 || options.batchItems < 1)) throw new Error('--batch-only needs --batch-tasks ≥ 2 and --batch-items ≥ 1');
  if (options.items > 10_000 || options.checkItems > 10_000 || options.gridItems.some((n) => n > 10_000)) {
    throw new Error('--items, --check-items, --grid-items: the API accepts at most 10,000 items per task');
  }
  return options;
}

/** `10000,1000` → [10000, 1000]; `0` → []. */
function parseSizes(flag: string, value: string | undefined): number[] {
  const sizes = String(value ?? '').split(',').map((v) => Number(v.trim().replace(/_/g, '')));
  if (sizes.some((n) => !Number.isInteger(n) || n < 0)) throw new Error(`${flag} expects whole numbers separated by commas, got ${value}`);
  return sizes.filter((n) => n > 0);
}
