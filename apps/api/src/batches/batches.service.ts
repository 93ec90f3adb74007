import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import {
  BATCH_ERR,
  BATCH_LIST_MAX,
  ERR,
  type Batch,
  type BatchSummary,
  type CreateBatchRequest,
  type CreatedBatch,
} from '@app/contracts';
import { BatchesRepository, ExportsRepository, type Actor, type BatchPlanRow, type BatchStart, type NotReady } from '@app/persistence';
import { StorageService } from '@app/storage';
import { UserError, notFound } from '../common/user-error';
import { BatchFlowService, type BatchChild } from '../queue/batch-flow.service';
import { QueueUnavailableError } from '../queue/export-queue.service';
import { notReadyError } from '../exports/not-ready';
import { toBatch, toBatchSummary } from '@app/delivery';
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
    private readonly exports: ExportsRepository,
    private readonly flows: BatchFlowService,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  /**
   * `start`: what a batch no user started says of itself (DESIGN §16's run by itself passes
   * `{ reason: 'new-version', priceListId }` and the list's `deliver`); a user's request carries only `deliver`.
   */
  async create(actor: Actor, request: CreateBatchRequest, start: Omit<BatchStart, 'deliver'> = {}): Promise<CreatedBatch> {
    const ready = await this.exports.readinessOf(request.taskIds);
    const plan = request.taskIds.map((taskId, i): BatchPlanRow => ({ taskId, error: ready[i] === null ? null : notReadyMessage(ready[i]!) }));
    const unknown = plan.filter((p) => p.error === ERR.taskNotFound).length;
    if (unknown) throw notFound(BATCH_ERR.unknownTasks(unknown));
    const created = await this.batches.create(actor, request.action, plan, { ...start, deliver: request.deliver === true });
    if ('unknown' in created) throw notFound(BATCH_ERR.unknownTasks(created.unknown));
    const { batchId, exports } = created;
    const children = plan.flatMap((p, position): BatchChild[] => {
      if (p.error !== null) return [];
      return request.action === 'generate' ? [{ exportId: exports.get(p.taskId)! }] : [{ taskId: p.taskId, position }];
    });
    if (children.length === 0) return { id: batchId };
    try {
      await this.flows.add(batchId, children);
    } catch (error) {
      if (!(error instanceof QueueUnavailableError)) throw error;
      await this.batches.refuseEnqueue(batchId, ERR.queueUnavailable);
      throw new UserError(503, ERR.queueUnavailable);
    }
    return { id: batchId };
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

/** A task that cannot run yet fails its row at once with what generate would answer. */
function notReadyMessage(notReady: NotReady): string {
  if (notReady === 'task') return ERR.taskNotFound;
  return (notReadyError(notReady).getResponse() as { error: string }).error;
}
