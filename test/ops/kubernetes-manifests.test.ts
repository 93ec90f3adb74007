import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { CONFIG_KEYS, loadConfig, shutdownGraceMs } from '@app/config';
import { exportSlots } from '../../apps/worker/src/export/export-slots';
import { REPO_ROOT } from '../support/app-runner';
import { ENTRY } from '../../scripts/app-processes';

const DIR = join(REPO_ROOT, 'deploy/kubernetes');
const VALIDATOR = join(REPO_ROOT, 'test/ops/validate-manifests.mjs');

interface Verdict {
  file: string;
  index: number;
  apiVersion?: string;
  kind?: string;
  name?: string;
  valid: boolean;
  error?: string;
}

/** The verdicts of kubernetes-models on every document of `paths` (an ES module, so in a node of its own). */
const validate = (...paths: string[]): Verdict[] => JSON.parse(execFileSync(process.execPath, [VALIDATOR, ...paths], { cwd: REPO_ROOT }).toString()) as Verdict[];

/** A manifest, as plain YAML. */
type Doc = Record<string, any>;
const docs = (relative: string): Doc[] => parseAllDocuments(readFileSync(join(DIR, relative), 'utf8')).map((d) => d.toJS() as Doc);
const one = (relative: string): Doc => docs(relative)[0];
const container = (deployment: Doc) => deployment.spec.template.spec.containers[0];
const envOf = (c: Doc): Record<string, string> => Object.fromEntries((c.env ?? []).map((e: Doc) => [e.name, e.value]));
const mebibytes = (q: string) => Number(/^(\d+)(Mi|Gi)$/.exec(q)![1]) * (q.endsWith('Gi') ? 1024 : 1);

describe('deploy/kubernetes (DESIGN §18)', () => {
  const api = one('base/api-deployment.yaml');
  const worker = one('base/worker-deployment.yaml');
  const config = one('base/configmap.yaml').data as Record<string, string>;
  const secret = one('base/secret.yaml').stringData as Record<string, string>;

  it('is valid against the Kubernetes and KEDA schemas (kubernetes-models), every document of every file', () => {
    const verdicts = validate();
    const kinds = verdicts.map((v) => `${v.file.replace('deploy/kubernetes/', '')} ${v.kind}`).sort();
    expect(kinds).toEqual([
      'base/api-deployment.yaml Deployment',
      'base/api-service.yaml Service',
      'base/configmap.yaml ConfigMap',
      'base/kustomization.yaml Kustomization',
      'base/namespace.yaml Namespace',
      'base/secret.yaml Secret',
      'base/worker-deployment.yaml Deployment',
      'hpa/kustomization.yaml Kustomization',
      'hpa/prometheus-adapter-rules.yaml ConfigMap',
      'hpa/worker-hpa.yaml HorizontalPodAutoscaler',
      'keda/kustomization.yaml Kustomization',
      'keda/worker-scaledobject.yaml ScaledObject',
    ]);
    expect(verdicts.filter((v) => !v.valid)).toEqual([]);
  });

  it('reports a broken document as invalid: a wrong type, a missing required field, an unknown kind, a kustomization naming a missing file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pe-k8s-'));
    try {
      const deployment = one('base/worker-deployment.yaml');
      deployment.spec.replicas = 'two';
      const scaled = one('keda/worker-scaledobject.yaml');
      delete scaled.spec.scaleTargetRef;
      const text = [JSON.stringify(deployment), JSON.stringify(scaled), 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}'].join('\n---\n');
      writeFileSync(join(dir, 'broken.yaml'), text);
      writeFileSync(join(dir, 'kustomization.yaml'), 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [broken.yaml, gone.yaml]\n');
      const verdicts = validate(dir);
      expect(verdicts.map((v) => [v.kind, v.valid, v.error])).toEqual([
        ['Deployment', false, expect.stringContaining('replicas must be integer')],
        ['ScaledObject', false, expect.stringContaining("required property scaleTargetRef")],
        ['Widget', false, 'no model for example.com/v1 Widget'],
        ['Kustomization', false, 'resources not found: gone.yaml'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs the image docker-compose.yml builds, the worker with its command, and only settings libs/config knows, which it accepts', () => {
    const compose = parse(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as Doc;
    const version = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(compose.services.api.image).toBe(`price-export:${version}`);
    for (const deployment of [api, worker]) expect(container(deployment).image).toBe(compose.services.api.image);
    expect(container(worker).command).toEqual(compose.services.worker.command);
    expect(container(worker).command).toEqual(['node', ENTRY.worker]);
    // The API runs the image's own CMD.
    expect(container(api).command).toBeUndefined();
    expect(readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8')).toContain(`CMD ["node", "${ENTRY.api}"]`);

    const names = [...Object.keys(config), ...Object.keys(secret), ...Object.keys(envOf(container(api))), ...Object.keys(envOf(container(worker)))];
    expect(names.filter((n) => !CONFIG_KEYS.includes(n))).toEqual([]);
    for (const deployment of [api, worker]) {
      expect(container(deployment).envFrom).toEqual([{ configMapRef: { name: one('base/configmap.yaml').metadata.name } }, { secretRef: { name: one('base/secret.yaml').metadata.name } }]);
      // What the pod gets is a configuration the app starts with (production: no default admin).
      expect(loadConfig({ ...config, ...secret, ...envOf(container(deployment)) })).toMatchObject({ NODE_ENV: 'production' });
    }
  });

  it('probes the API at /api/health and the worker at its health port, and lets both stop as they do: the drain first, then the apps\' own grace', () => {
    const apiC = container(api);
    const apiConfig = loadConfig({ ...config, ...secret, ...envOf(apiC) });
    const port = (name: string, c: Doc) => c.ports.find((p: Doc) => p.name === name).containerPort;
    expect(port('http', apiC)).toBe(apiConfig.PORT);
    for (const probe of ['startupProbe', 'readinessProbe']) expect(apiC[probe].httpGet).toEqual({ path: '/api/health', port: 'http' });
    expect(apiC.livenessProbe.tcpSocket).toEqual({ port: 'http' });

    const workerC = container(worker);
    const workerConfig = loadConfig({ ...config, ...secret, ...envOf(workerC) });
    expect(port('health', workerC)).toBe(workerConfig.WORKER_HEALTH_PORT);
    for (const probe of ['startupProbe', 'livenessProbe']) expect(workerC[probe].httpGet).toEqual({ path: '/', port: 'health' });

    // The Service stops sending to a stopping API (preStop) before SIGTERM; the pod then has the API's whole grace.
    const [sleep, seconds] = apiC.lifecycle.preStop.exec.command as string[];
    expect(sleep).toBe('sleep');
    expect(api.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(Number(seconds) + shutdownGraceMs(apiConfig) / 1000);
    expect(worker.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(shutdownGraceMs(workerConfig) / 1000);

    const service = one('base/api-service.yaml');
    expect(service.spec.selector).toEqual(api.spec.template.metadata.labels);
    expect(service.spec.ports).toEqual([{ name: 'http', port: 80, targetPort: 'http' }]);
    for (const deployment of [api, worker]) expect(deployment.spec.selector.matchLabels).toEqual(deployment.spec.template.metadata.labels);
  });

  it("gives a worker the memory its engine threads take at WORKER_CONCURRENCY, and points Prometheus at each app's metrics", () => {
    const workerC = container(worker);
    const workerConfig = loadConfig({ ...config, ...secret, ...envOf(workerC) });
    const limitMb = mebibytes(workerC.resources.limits.memory);
    expect(exportSlots(workerConfig, limitMb).slots).toBe(workerConfig.WORKER_CONCURRENCY);
    expect(mebibytes(workerC.resources.requests.memory)).toBeLessThanOrEqual(limitMb);
    // Every engine thread at its heap bound, and the worker's own ~200 MB, within the limit (DESIGN §15).
    expect(200 + workerConfig.WORKER_CONCURRENCY * workerConfig.ENGINE_THREAD_HEAP_MB).toBeLessThanOrEqual(limitMb);

    const apiC = container(api);
    const apiConfig = loadConfig({ ...config, ...secret, ...envOf(apiC) });
    expect(api.spec.template.metadata.annotations).toEqual({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(apiConfig.METRICS_PORT), 'prometheus.io/path': '/metrics' });
    expect(worker.spec.template.metadata.annotations).toEqual({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(workerConfig.WORKER_HEALTH_PORT), 'prometheus.io/path': '/metrics' });
    // Without METRICS_TOKEN the ports are open inside the cluster only: the metrics port is in no Service.
    expect(apiConfig.METRICS_TOKEN).toBeUndefined();
    expect(JSON.stringify(one('base/api-service.yaml'))).not.toContain(String(apiConfig.METRICS_PORT));
  });

  it('scales the workers on pe_queue_jobs{state="waiting"}: a KEDA ScaledObject, or an HPA on prometheus-adapter\'s external metric', () => {
    const scaled = one('keda/worker-scaledobject.yaml');
    expect(scaled.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: worker.metadata.name });
    expect(scaled.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
    const [trigger] = scaled.spec.triggers as Doc[];
    expect(trigger.type).toBe('prometheus');
    expect(trigger.metadata.query).toBe('max(pe_queue_jobs{state="waiting"})');
    expect(trigger.metadata.threshold).toBe(config.WORKER_CONCURRENCY);

    const hpa = one('hpa/worker-hpa.yaml');
    expect(hpa.spec.scaleTargetRef).toEqual(scaled.spec.scaleTargetRef);
    expect(hpa.spec.metrics).toEqual([
      { type: 'External', external: { metric: { name: 'pe_queue_jobs', selector: { matchLabels: { state: 'waiting' } } }, target: { type: 'AverageValue', averageValue: config.WORKER_CONCURRENCY } } },
    ]);
    const adapter = parse(one('hpa/prometheus-adapter-rules.yaml').data['config.yaml'] as string) as Doc;
    expect(adapter.externalRules).toEqual([expect.objectContaining({ seriesQuery: 'pe_queue_jobs{state!=""}', name: { as: 'pe_queue_jobs' } })]);

    // Each overlay is the base plus its own scaler; the adapter's rule lives in the adapter's namespace.
    expect(one('keda/kustomization.yaml').resources).toEqual(['../base', 'worker-scaledobject.yaml']);
    expect(one('hpa/kustomization.yaml').resources).toEqual(['../base', 'worker-hpa.yaml']);
    expect([...(one('base/kustomization.yaml').resources as string[])].sort()).toEqual(readdirSync(join(DIR, 'base')).filter((f) => f !== 'kustomization.yaml').sort());
  });
});
