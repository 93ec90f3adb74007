import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { BatchJobData } from '@app/contracts';
import { BatchRowsRepository } from '@app/persistence';
import { FollowerNotifier } from '@app/delivery';
import { OutageWait } from '../export/outage-wait';
import { BatchPriceShares } from './batch-price-shares';

/**
 * A batch's parent job (DESIGN §12): BullMQ runs it once every child has ended, failed ones
 * included (they fail only their rows). It records the batch's end and frees this worker's
 * shared price reads of it; it never fails on account of its children.
 */
@Injectable()
export class BatchJobRunner {
  constructor(
    private readonly rows: BatchRowsRepository,
    private readonly shares: BatchPriceShares,
    private readonly notifier: FollowerNotifier,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {}

  async run(job: Job<BatchJobData>): Promise<null> {
    const { batchId } = job.data;
    this.shares.release(batchId);
    const wait = new OutageWait(job, this.config.GENERATE_TIMEOUT_MS);
    await wait.database(() => this.rows.finishBatch(batchId));
    // DESIGN §17: its starter (or, for a list's own batch, the list's followers) hears of its end; else the mail reconciler tells them.
    await this.notifier.batchEnded(batchId).catch((err: Error) => this.logger.warn({ batchId, err: err.message }, 'could not tell of the batch’s end now'));
    this.logger.info({ jobId: job.id, batchId }, 'batch finished');
    return null;
  }
}
