import type { HostsSummary } from './hosts-runner';
import { table, type Target } from './results-table';
import { ratio } from './stats-helper';

/** The many-hosts case: each run, then the median throughput per host count and its speed-up. */
export function hostsTable(s: HostsSummary): string {
  const o = s.options;
  return [
    `many hosts: a batch of ${o.batchTasks} tasks × ${o.batchItems} items on one ${o.rows}-row price list and ${o.smallExports} small exports (${o.smallRows} rows, ${o.smallItems} items, ${o.clients} clients) at once; each worker host ${o.cpus} CPU`,
    table(
      ['worker hosts', 'run ms', 'batch ms', 'small ms', 'exports/s'],
      s.runs.map((r) => [String(r.hosts), String(Math.round(r.ms)), String(Math.round(r.batchMs)), String(Math.round(r.smallMs)), r.exportsPerS.toFixed(1)]),
    ),
    table(
      ['worker hosts', 'exports/s (median)', '÷ one host'],
      s.byHosts.map((h) => [String(h.hosts), h.exportsPerS.toFixed(1), ratio(h.speedup)]),
    ),
    'CPU per export (ms) by role, each host count\'s last run (the machine has 2 cores; worker hosts are held to their quota):',
    cpuTable(s),
  ].join('\n');
}

function cpuTable(s: HostsSummary): string {
  const last = s.byHosts.map((h) => [...s.runs].reverse().find((r) => r.hosts === h.hosts)!);
  const workers = (r: HostsSummary['runs'][number]) => r.cpu.filter((c) => c.name.startsWith('worker-')).reduce((sum, c) => sum + c.msPerExport, 0);
  const roles = ['PostgreSQL', 'Redis', 'S3', 'API', 'benchmark clients'];
  const of = (r: HostsSummary['runs'][number], name: string) => (r.cpu.find((c) => c.name === name)?.msPerExport ?? 0).toFixed(1);
  return table(
    ['worker hosts', 'workers', ...roles, 'all'],
    last.map((r) => [String(r.hosts), workers(r).toFixed(1), ...roles.map((name) => of(r, name)), r.cpu.reduce((sum, c) => sum + c.msPerExport, 0).toFixed(1)]),
  );
}

/** DESIGN §18: 2 hosts ≥ 1.7× the throughput of 1, 3 hosts ≥ 2.3×. */
export function hostsTargets(s: HostsSummary): Target[] {
  const want: Record<number, number> = { 2: 1.7, 3: 2.3 };
  return s.byHosts
    .filter((h) => want[h.hosts] !== undefined && s.byHosts[0].hosts === 1)
    .map((h) => ({ name: `throughput, ${h.hosts} worker hosts ÷ 1`, measured: ratio(h.speedup), target: `≥ ${want[h.hosts]}`, pass: h.speedup >= want[h.hosts] }));
}
