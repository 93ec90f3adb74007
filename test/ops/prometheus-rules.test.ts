import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { METRIC } from '@app/metrics';
import { REPO_ROOT } from '../support/app-runner';

const DIR = join(REPO_ROOT, 'deploy/prometheus');
const promtool = (cwd: string, ...args: string[]) => spawnSync('promtool', args, { cwd, encoding: 'utf8' });
const read = (name: string) => readFileSync(join(DIR, name), 'utf8');

interface Rule {
  alert: string;
  expr: string;
  for?: string;
}
interface RuleTest {
  name: string;
  alert_rule_test: { alertname: string; exp_alerts: unknown[] }[];
}

const rules = () => (parse(read('alerts.yml')) as { groups: { rules: Rule[] }[] }).groups.flatMap((g) => g.rules);

describe('the alerts of deploy/prometheus (DESIGN §18)', () => {
  it('pass `promtool check rules`', () => {
    const res = promtool(DIR, 'check', 'rules', 'alerts.yml');
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    expect(res.stdout).toContain(`SUCCESS: ${rules().length} rules found`);
  });

  it('are the rules of §18, each with unit tests where it fires and where it does not, and `promtool test rules` passes them', () => {
    const names = rules().map((r) => r.alert);
    expect(names).toEqual([
      'PriceExportQueueGrowing',
      'PriceExportExportsFailing',
      'PriceExportNoWorker',
      'PriceExportDependencyDown',
      'PriceExportSourceFailing',
      'PriceExportApiDown',
    ]);
    const tests = (parse(read('alerts.test.yml')) as { rule_files: string[]; tests: RuleTest[] });
    expect(tests.rule_files).toEqual(['alerts.yml']);
    const checks = tests.tests.flatMap((t) => t.alert_rule_test);
    for (const name of names) {
      const own = checks.filter((c) => c.alertname === name);
      expect({ name, fires: own.some((c) => c.exp_alerts.length > 0), quiet: own.some((c) => c.exp_alerts.length === 0) }).toEqual({ name, fires: true, quiet: true });
    }
    expect(checks.every((c) => names.includes(c.alertname))).toBe(true);

    const res = promtool(DIR, 'test', 'rules', 'alerts.test.yml');
    expect(res.status).toBe(0);
    expect(res.stdout).toContain('SUCCESS');
  });

  it('wait as long as §18 says: 10 minutes of growth and of failures, 2 minutes without a worker or a service', () => {
    const byName = new Map(rules().map((r) => [r.alert, r]));
    expect(byName.get('PriceExportQueueGrowing')!.for).toBe('10m');
    expect(byName.get('PriceExportExportsFailing')!.for).toBe('10m');
    expect(byName.get('PriceExportExportsFailing')!.expr).toMatch(/> 0\.05\s*$/);
    expect(byName.get('PriceExportNoWorker')!.for).toBe('2m');
    expect(byName.get('PriceExportDependencyDown')!.for).toBe('2m');
    expect(byName.get('PriceExportSourceFailing')!.expr).toContain('pe_source_polls_total{outcome="failed"}');
  });

  it('use only metrics the apps expose (libs/metrics)', () => {
    const exposed = new Set<string>(Object.values(METRIC));
    const used = rules().flatMap((r) => r.expr.match(/\bpe_[a-z_]+/g) ?? []);
    expect(used.length).toBeGreaterThan(0);
    for (const name of used) expect({ name, exposed: exposed.has(name.replace(/_(bucket|count|sum)$/, '')) }).toEqual({ name, exposed: true });
  });

  it('catch what is wrong: a broken expression fails the check, an alert that does not fire as expected fails the unit test', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pe-rules-'));
    try {
      writeFileSync(join(dir, 'alerts.yml'), read('alerts.yml').replace('max(pe_workers) < 1', 'max(pe_workers < 1'));
      expect(promtool(dir, 'check', 'rules', 'alerts.yml').status).not.toBe(0);
      // The real rules, but PriceExportNoWorker waiting 5 minutes instead of 2: its firing case fails.
      const slow = read('alerts.yml').replace(/(alert: PriceExportNoWorker[\s\S]*?for: )2m/, '$15m');
      expect(slow).not.toBe(read('alerts.yml'));
      writeFileSync(join(dir, 'alerts.yml'), slow);
      writeFileSync(join(dir, 'alerts.test.yml'), read('alerts.test.yml'));
      const res = promtool(dir, 'test', 'rules', 'alerts.test.yml');
      expect(res.status).not.toBe(0);
      expect(res.stdout + res.stderr).toContain('the last worker is gone for good');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prometheus.yml, the example scrape configuration, is valid and loads alerts.yml', () => {
    const res = promtool(DIR, 'check', 'config', '--syntax-only', 'prometheus.yml');
    expect(res.status).toBe(0);
    const config = parse(read('prometheus.yml')) as { rule_files: string[]; scrape_configs: { job_name: string; metrics_path: string }[] };
    expect(config.rule_files).toEqual(['alerts.yml']);
    expect(config.scrape_configs.map((s) => [s.job_name, s.metrics_path])).toEqual([
      ['price-export-api', '/metrics'],
      ['price-export-worker', '/metrics'],
    ]);
  });
});
