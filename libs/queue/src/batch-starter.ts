import { ERR, type CreateBatchRequest } from '@app/contracts';
import type { Actor, BatchPlanRow, BatchStart, BatchesRepository, ExportsRepository, NotReady } from '@app/persistence';
import { QueueUnavailableError } from './job-options';
import type { BatchChild, BatchFlows } from './batch-flows';

/** Tasks of the request that do not exist: nothing was started. */
export class UnknownTasksError extends Error {
  constructor(readonly count: number) {
    super(`${count} unknown tasks`);
  }
}

/** What a task still lacks, as generate and check answer it; its batch row fails at once with it. */
export function notReadyMessage(notReady: NotReady): string {
  if (notReady === 'task') return ERR.taskNotFound;
  if (notReady === 'price') return ERR.noPrice;
  if (notReady === 'template') return ERR.noTemplate;
  return ERR.noItems;
}

/**
 * Starts a batch (DESIGN §12): everything it needs written to PostgreSQL in one transaction, then
 * one flow queued; from then on the workers make each row. A person's batch (the API) and a list's
 * run by itself (the worker, as the built-in user `Автоматически`) start the same way. Rejects with
 * UnknownTasksError, or QueueUnavailableError once the rows are failed because Redis refused.
 */
export class BatchStarter {
  constructor(
    private readonly batches: BatchesRepository,
    private readonly exports: ExportsRepository,
    private readonly flows: BatchFlows,
  ) {}

  /** `start`: whether it delivers (DESIGN §17), and why it started when no person started it (a list's new version, §16). */
  async start(actor: Actor, request: Pick<CreateBatchRequest, 'action' | 'taskIds'>, start: BatchStart = {}): Promise<{ id: string }> {
    const ready = await this.exports.readinessOf(request.taskIds);
    const plan = request.taskIds.map((taskId, i): BatchPlanRow => ({ taskId, error: ready[i] === null ? null : notReadyMessage(ready[i]!) }));
    const unknown = plan.filter((p) => p.error === ERR.taskNotFound).length;
    if (unknown) throw new UnknownTasksError(unknown);
    const created = await this.batches.create(actor, request.action, plan, start);
    if ('unknown' in created) throw new UnknownTasksError(created.unknown);
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
      throw error;
    }
    return { id: batchId };
  }
}
