import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { BATCH_ERR, BATCH_LIST_MAX, ERR, type Batch, type BatchSummary, type CreateBatchRequest, type CreatedBatch } from '@app/contracts';
import { toBatch, toBatchSummary } from '@app/delivery';
import { BatchesRepository, type Actor } from '@app/persistence';
import { BatchStarter, QueueUnavailableError, UnknownTasksError } from '@app/queue';
import { StorageService } from '@app/storage';
import { UserError, notFound } from '../common/user-error';
import { sendBatchArchive } from './batch-archive';

/**
 * Batches (DESIGN §12): one action over many tasks. Starting one writes everything it needs to
 * PostgreSQL in one transaction and queues one flow; from then on the workers make each row and
 * the page reads the progress from PostgreSQL, whatever happened to the API meanwhile.
 */
@Injectable()
export class BatchesService {
  constructor(
    private readonly batches: BatchesRepository,
    private readonly starter: BatchStarter,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  /** A person's batch; `deliver` sends each file to its task's recipients as it is made (DESIGN §17). */
  async create(actor: Actor, request: CreateBatchRequest): Promise<CreatedBatch> {
    try {
      return await this.starter.start(actor, request, { deliver: request.deliver === true });
    } catch (error) {
      if (error instanceof UnknownTasksError) throw notFound(BATCH_ERR.unknownTasks(error.count));
      if (error instanceof QueueUnavailableError) throw new UserError(503, ERR.queueUnavailable);
      throw error;
    }
  }

  async get(batchId: string): Promise<Batch> {
    const head = await this.batches.head(batchId);
    if (!head) throw notFound(BATCH_ERR.notFound);
    return toBatch(head, await this.batches.rows(batchId));
  }

  async list(): Promise<BatchSummary[]> {
    return (await this.batches.list(BATCH_LIST_MAX)).map(toBatchSummary);
  }

  async archive(batchId: string, res: Response): Promise<void> {
    const head = await this.batches.head(batchId);
    if (!head) throw notFound(BATCH_ERR.notFound);
    const rows = await this.batches.rows(batchId);
    if (!rows.some((r) => r.objectKey)) throw new UserError(409, BATCH_ERR.nothingToDownload);
    await sendBatchArchive(res, toBatch(head, rows), rows, head.createdAt, (key) => this.storage.getStream(key));
  }
}
