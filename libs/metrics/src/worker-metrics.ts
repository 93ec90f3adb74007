import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import {
  DELIVERY_OUTCOMES,
  DURATION_BUCKETS,
  JOB_OUTCOMES,
  METRIC,
  METRIC_JOB_KINDS,
  SOURCE_POLL_OUTCOMES,
  type DeliveryOutcome,
  type JobOutcome,
  type SourcePollOutcome,
} from './metric-names';
import type { JobKind } from '@app/contracts';

/**
 * A worker's metrics: what its jobs did, its engine threads, and the process's own. Every label
 * value is there from the start (at 0), so a rate or an alert has a series before the first event.
 */
export class WorkerMetrics {
  readonly registry = new Registry();
  private readonly jobs = new Counter({ name: METRIC.jobs, help: 'Job attempts by kind and outcome (done, retried, failed)', labelNames: ['kind', 'outcome'] as const, registers: [this.registry] });
  private readonly jobDuration = new Histogram({
    name: METRIC.jobDuration,
    help: 'Job attempts by kind, in seconds (a batch: from its queueing to its end)',
    labelNames: ['kind'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly threadsBusy = new Gauge({ name: METRIC.engineThreadsBusy, help: 'Engine threads of this worker running a job now', registers: [this.registry] });
  private readonly deliveries = new Counter({ name: METRIC.deliveries, help: 'Delivery attempts by outcome (sent, retried, failed)', labelNames: ['outcome'] as const, registers: [this.registry] });
  private readonly sourcePolls = new Counter({ name: METRIC.sourcePolls, help: 'Polls of price-list sources by outcome', labelNames: ['outcome'] as const, registers: [this.registry] });

  constructor(private readonly busyThreads: () => number) {
    collectDefaultMetrics({ register: this.registry });
    for (const kind of METRIC_JOB_KINDS) {
      for (const outcome of JOB_OUTCOMES) this.jobs.inc({ kind, outcome }, 0);
      this.jobDuration.zero({ kind });
    }
    for (const outcome of DELIVERY_OUTCOMES) this.deliveries.inc({ outcome }, 0);
    for (const outcome of SOURCE_POLL_OUTCOMES) this.sourcePolls.inc({ outcome }, 0);
  }

  /** One attempt of a job of `kind` ended after `seconds`. */
  jobEnded(kind: JobKind, outcome: JobOutcome, seconds: number): void {
    this.jobs.inc({ kind, outcome });
    this.jobDuration.observe({ kind }, seconds);
  }

  /** One attempt to send an export (DESIGN §17) ended. */
  deliveryEnded(outcome: DeliveryOutcome): void {
    this.deliveries.inc({ outcome });
  }

  /** One poll of a price-list source (DESIGN §16) ended. */
  sourcePollEnded(outcome: SourcePollOutcome): void {
    this.sourcePolls.inc({ outcome });
  }

  async render(): Promise<string> {
    this.threadsBusy.set(this.busyThreads());
    return this.registry.metrics();
  }
}
