import { FlowProducer, type FlowJob } from 'bullmq';
import { BATCH_JOB, CHECK_JOB, EXPORT_JOB, EXPORT_QUEUE, batchCheckJobId, batchJobId, type BatchJobData, type CheckJobData, type ExportJobData } from '@app/contracts';
import { redisOptions, type AppConfig } from '@app/config';
import { QueueUnavailableError, checkJobOptions, exportJobOptions, withTimeout } from './job-options';

/** A child of a batch's flow: an export of a generate, or a check of a task at its row's place. */
export type BatchChild = { exportId: string } | { taskId: string; position: number };

/** How long adding a flow may wait for Redis before it is refused. */
const ENQUEUE_TIMEOUT_MS = 5_000;

/**
 * Queues a batch (DESIGN §12) as one BullMQ flow: a parent BATCH_JOB and one ordinary child job
 * per task, so the children run on every worker at once and Bull Board shows the tree. A child
 * that fails for good fails only its row (`ignoreDependencyOnFailure`): the parent still runs
 * once every child has ended. The API (a person's batch) and the worker (a list's run by itself,
 * DESIGN §16) both queue them.
 */
export class BatchFlows {
  private readonly flows: FlowProducer;

  constructor(config: Pick<AppConfig, 'QUEUE_PREFIX' | 'REDIS_URL'>, onError: (err: Error) => void) {
    this.flows = new FlowProducer({
      prefix: config.QUEUE_PREFIX,
      connection: redisOptions(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }),
    });
    this.flows.on('error', onError);
  }

  /** Rejects with QueueUnavailableError when Redis does not take it in time. */
  async add(batchId: string, children: BatchChild[]): Promise<void> {
    const flow: FlowJob = {
      name: BATCH_JOB,
      queueName: EXPORT_QUEUE,
      data: { batchId } satisfies BatchJobData,
      opts: { jobId: batchJobId(batchId), attempts: 3, backoff: { type: 'exponential', delay: 2_000 }, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } },
      children: children.map((child) => childJob(batchId, child)),
    };
    try {
      await withTimeout(this.flows.add(flow), ENQUEUE_TIMEOUT_MS, 'enqueue flow');
    } catch (error) {
      throw new QueueUnavailableError((error as Error).message);
    }
  }

  /** Nest closes it with the app. */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  async close(): Promise<void> {
    await withTimeout(this.flows.close(), 3_000, 'flow producer close').catch(() => void this.flows.disconnect().catch(() => undefined));
  }
}

function childJob(batchId: string, child: BatchChild): FlowJob {
  const opts = { ignoreDependencyOnFailure: true };
  if ('exportId' in child) {
    return { name: EXPORT_JOB, queueName: EXPORT_QUEUE, data: { exportId: child.exportId, batchId } satisfies ExportJobData, opts: { ...exportJobOptions(child.exportId), ...opts } };
  }
  const data: CheckJobData = { taskId: child.taskId, batchId, position: child.position };
  return { name: CHECK_JOB, queueName: EXPORT_QUEUE, data, opts: { ...checkJobOptions(batchCheckJobId(batchId, child.position)), ...opts } };
}
