import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { DEPENDENCIES, DURATION_BUCKETS, METRIC, QUEUE_STATES, type Dependency, type QueueState } from './metric-names';

/** What an API reads at each scrape: the queue, the workers, the batches and the services. */
export interface ApiSnapshot {
  /** undefined: Redis did not answer; the queue and worker series are left out rather than shown as 0. */
  queue?: Record<QueueState, number>;
  workers?: number;
  /** undefined: PostgreSQL did not answer. */
  batchesRunning?: number;
  dependencies: Record<Dependency, boolean>;
}

/** The API's metrics: its requests, the shared state it reads at scrape time, and the process's own. */
export class ApiMetrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: METRIC.httpDuration,
    help: 'HTTP requests of the API by method, route template and status, in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly queueJobs = new Gauge({ name: METRIC.queueJobs, help: 'Jobs of the export queue by state (every API reports the same queue: aggregate with max)', labelNames: ['state'] as const, registers: [this.registry] });
  private readonly workers = new Gauge({ name: METRIC.workers, help: 'Workers connected to the queue (every API reports the same: aggregate with max)', registers: [this.registry] });
  private readonly batchesRunning = new Gauge({ name: METRIC.batchesRunning, help: 'Batches not yet ended (every API reports the same: aggregate with max)', registers: [this.registry] });
  private readonly dependencyUp = new Gauge({ name: METRIC.dependencyUp, help: "1 while a service answers the API's health probe, else 0", labelNames: ['dependency'] as const, registers: [this.registry] });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** The exposition of this scrape, with the snapshot just read. */
  async render(snapshot: ApiSnapshot): Promise<string> {
    this.queueJobs.reset();
    if (snapshot.queue) for (const state of QUEUE_STATES) this.queueJobs.set({ state }, snapshot.queue[state]);
    this.workers.reset();
    if (snapshot.workers !== undefined) this.workers.set(snapshot.workers);
    this.batchesRunning.reset();
    if (snapshot.batchesRunning !== undefined) this.batchesRunning.set(snapshot.batchesRunning);
    for (const dependency of DEPENDENCIES) this.dependencyUp.set({ dependency }, snapshot.dependencies[dependency] ? 1 : 0);
    return this.registry.metrics();
  }
}
