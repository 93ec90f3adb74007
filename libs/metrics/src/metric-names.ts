import { JOB_KINDS } from '@app/contracts';

/**
 * The one list of what the apps expose at `GET /metrics` (DESIGN §18): names, label values and
 * buckets. Alerts (deploy/prometheus), the KEDA and HPA objects (deploy/kubernetes) and README
 * refer to these names; test/ops checks they agree.
 */
export const METRIC = {
  /** Jobs of the queue by state, read from BullMQ at scrape time by each API (use max(), not sum()). */
  queueJobs: 'pe_queue_jobs',
  /** Job attempts by kind and outcome, counted by the worker that ran them. */
  jobs: 'pe_jobs_total',
  /** Job attempts' durations by kind (a batch: from its queueing to its end). */
  jobDuration: 'pe_job_duration_seconds',
  /** The API's requests by method, route template and status. */
  httpDuration: 'pe_http_request_duration_seconds',
  /** A worker's engine threads running a job now. */
  engineThreadsBusy: 'pe_engine_threads_busy',
  /** Batches not yet ended, read from PostgreSQL at scrape time by each API (use max()). */
  batchesRunning: 'pe_batches_running',
  /** Delivery attempts by outcome (DESIGN §17), counted by the worker that sent. */
  deliveries: 'pe_deliveries_total',
  /** Polls of price-list sources by outcome (DESIGN §16), counted by the worker that polled. */
  sourcePolls: 'pe_source_polls_total',
  /** Workers connected to the queue, as each API sees them at scrape time (use max()). */
  workers: 'pe_workers',
  /** 1 while a service answers the API's health probe, else 0 (use min()). */
  dependencyUp: 'pe_dependency_up',
} as const;

/** `state` of pe_queue_jobs. `waiting` counts prioritized jobs too; a batch's parent waiting for its children is in none. */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** `kind` of the job metrics: the contracts' list, so a new job is named in one place. */
export const METRIC_JOB_KINDS = JOB_KINDS;

/**
 * `outcome` of pe_jobs_total, per attempt: `done`; `retried` (failed, another attempt follows);
 * `failed` (failed for good). A failure rate is failed ÷ (done + failed).
 */
export const JOB_OUTCOMES = ['done', 'retried', 'failed'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

/** `outcome` of pe_deliveries_total, per attempt, as pe_jobs_total's: a temporary failure is `retried`. */
export const DELIVERY_OUTCOMES = ['sent', 'retried', 'failed'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** `outcome` of pe_source_polls_total: a source run's outcome (DESIGN §16). */
export const SOURCE_POLL_OUTCOMES = ['new-version', 'unchanged', 'held', 'failed'] as const;
export type SourcePollOutcome = (typeof SOURCE_POLL_OUTCOMES)[number];

/** `dependency` of pe_dependency_up: the parts /api/health probes. */
export const DEPENDENCIES = ['database', 'redis', 'storage'] as const;
export type Dependency = (typeof DEPENDENCIES)[number];

/** `route` of a request no route template matched (unknown paths, bodies refused before routing). */
export const ROUTE_UNMATCHED = 'unmatched';
/** `route` of the web app's files and pages (any other GET). */
export const ROUTE_WEB_APP = 'web-app';

/**
 * Seconds, for jobs and requests alike: a columns job or a page call takes tens of milliseconds, a
 * 100,000-row export about a second, a generate may wait up to GENERATE_TIMEOUT_MS (120 s).
 */
export const DURATION_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120];
