import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { BATCH_ERR, CHECK_JOB, ERR, batchCheckJobId, decodeExportFailure, type CheckJobData } from '@app/contracts';
import { BatchRowsRepository } from '@app/persistence';

import { ALIVE_JOB_STATES as ALIVE, LOST_JOB_MAX_ATTEMPTS as MAX_ATTEMPTS, reconcileBefore } from './lost-jobs';

/**
 * The batches' part of reconciling (ExportReconciler does their exports): a check row left
 * `queued` or `running` with no job to finish it (Redis wiped, or its end not written) is queued
 * again under its own job id, or failed with the reason; and a batch whose rows have all ended
 * but whose parent job was lost with Redis is marked finished. Same age rule as for exports.
 */
@Injectable()
export class BatchReconciler {
  constructor(
    private readonly rows: BatchRowsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {}

  async run(queue: Queue, now = new Date()): Promise<{ requeued: number; failed: number; finished: number }> {
    let requeued = 0;
    let failed = 0;
    const before = reconcileBefore(now, this.config);
    for (const row of await this.rows.unfinishedChecks(before)) {
      const jobId = batchCheckJobId(row.batchId, row.position);
      const state = await queue.getJobState(jobId);
      if (ALIVE.has(state)) continue;
      if (state === 'failed') {
        const job = await queue.getJob(jobId);
        const failure = job ? decodeExportFailure(job.failedReason) : null;
        await this.rows.failCheck(row.batchId, row.position, !failure || failure.status === 500 ? ERR.checkFailed : failure.error);
        failed++;
        continue;
      }
      if (row.taskId === null || row.attempts >= MAX_ATTEMPTS) {
        await this.rows.failCheck(row.batchId, row.position, row.taskId === null ? ERR.taskNotFound : BATCH_ERR.checkLost);
        failed++;
        continue;
      }
      // A completed job whose row was not written would block the same id from being queued again.
      if (state === 'completed') await queue.remove(jobId).catch(() => undefined);
      await this.rows.requeueCheck(row.batchId, row.position);
      const data: CheckJobData = { taskId: row.taskId, batchId: row.batchId, position: row.position };
      await queue.add(CHECK_JOB, data, { jobId, attempts: MAX_ATTEMPTS - row.attempts, removeOnComplete: { age: 300 }, removeOnFail: { age: 300 } });
      requeued++;
    }
    const ended = await this.rows.endedUnmarked(now);
    for (const batchId of ended) await this.rows.finishBatch(batchId);
    if (requeued || failed || ended.length) this.logger.warn({ requeued, failed, finished: ended.length }, 'stuck batch rows reconciled');
    return { requeued, failed, finished: ended.length };
  }
}
