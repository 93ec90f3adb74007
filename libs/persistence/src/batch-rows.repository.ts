import type { DataSource } from 'typeorm';
import type { Item, Mapping } from '@app/contracts';
import type { BatchRowResult } from './batch.entity';
import type { StoredFiles } from './task.entity';
import { ROW_STATUS } from './batches.repository';

/** A check row the reconciler looks at: its batch and place, and its attempts so far. */
export interface UnfinishedCheckRow {
  batchId: string;
  position: number;
  taskId: string | null;
  attempts: number;
}

/** A task of a batch as the worker's shared price index needs it. */
export interface BatchTaskInput {
  taskId: string;
  items: Item[];
  mapping: Mapping;
  files: StoredFiles;
  priceListId: string | null;
  /** Its profile remembers price-list headers (DESIGN §10 guard): a share then reads them too. */
  guardsPriceHeaders: boolean;
}

/**
 * The worker's writes to batches (DESIGN §12): a check row's progress and result (a generate row
 * follows its export row, written by ExportsRepository), the batch's end, and what the reconciler
 * and the shared price index read. A row that has ended never changes again.
 */
export class BatchRowsRepository {
  constructor(private readonly db: DataSource) {}

  /** A check row's attempt starts; false when the row is gone or has already ended. */
  async startCheck(batchId: string, position: number): Promise<boolean> {
    const [, affected] = (await this.db.query(
      `UPDATE batch_rows SET status = 'running', attempts = attempts + 1 WHERE batch_id = $1 AND position = $2 AND status IN ('queued', 'running')`,
      [batchId, position],
    )) as [unknown, number];
    return affected > 0;
  }

  async finishCheck(batchId: string, position: number, result: BatchRowResult): Promise<void> {
    await this.end(batchId, position, 'done', result, null);
  }

  async failCheck(batchId: string, position: number, error: string): Promise<void> {
    await this.end(batchId, position, 'failed', null, error);
  }

  /** A lost check queued again by the reconciler waits as it did at first. */
  async requeueCheck(batchId: string, position: number): Promise<void> {
    await this.db.query(`UPDATE batch_rows SET status = 'queued' WHERE batch_id = $1 AND position = $2 AND status IN ('queued', 'running')`, [batchId, position]);
  }

  private async end(batchId: string, position: number, status: 'done' | 'failed', result: BatchRowResult | null, error: string | null): Promise<void> {
    await this.db.query(
      `UPDATE batch_rows SET status = $3, result = $4, error = $5, finished_at = now()
        WHERE batch_id = $1 AND position = $2 AND status IN ('queued', 'running')`,
      [batchId, position, status, result === null ? null : JSON.stringify(result), error],
    );
  }

  /** Records the batch's end once (its parent job ran, or the reconciler saw every row ended). */
  async finishBatch(batchId: string): Promise<void> {
    await this.db.query(`UPDATE batches SET finished_at = now() WHERE id = $1 AND finished_at IS NULL`, [batchId]);
  }

  /** Whether the batch still has rows to make (false for a batch that is gone). */
  async running(batchId: string): Promise<boolean> {
    const rows = await this.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM batch_rows r LEFT JOIN exports e ON e.id = r.export_id
        WHERE r.batch_id = $1 AND (${ROW_STATUS}) IN ('queued', 'running')`,
      [batchId],
    );
    return rows[0].n > 0;
  }

  /** Batches not yet marked finished whose every row has ended, created before `before`. */
  async endedUnmarked(before: Date): Promise<string[]> {
    const rows = await this.db.query<{ id: string }[]>(
      `SELECT b.id FROM batches b WHERE b.finished_at IS NULL AND b.created_at < $1 AND NOT EXISTS (
         SELECT 1 FROM batch_rows r LEFT JOIN exports e ON e.id = r.export_id
          WHERE r.batch_id = b.id AND (${ROW_STATUS}) IN ('queued', 'running'))`,
      [before],
    );
    return rows.map((r) => r.id);
  }

  /** Check rows still queued or running of batches created before `before`, oldest first. */
  async unfinishedChecks(before: Date, take = 500): Promise<UnfinishedCheckRow[]> {
    const rows = await this.db.query<{ batch_id: string; position: number; task_id: string | null; attempts: number }[]>(
      `SELECT r.batch_id, r.position, r.task_id, r.attempts FROM batch_rows r JOIN batches b ON b.id = r.batch_id
        WHERE b.action = 'check' AND r.status IN ('queued', 'running') AND b.created_at < $1
        ORDER BY b.created_at, r.position LIMIT $2`,
      [before, take],
    );
    return rows.map((r) => ({ batchId: r.batch_id, position: r.position, taskId: r.task_id, attempts: r.attempts }));
  }

  /** The batch's tasks (still there) with what a shared price index is built from. */
  async tasks(batchId: string): Promise<BatchTaskInput[]> {
    const rows = await this.db.query<{ id: string; items: Item[]; mapping: Mapping; files: StoredFiles; price_list_id: string | null; guards: boolean | null }[]>(
      `SELECT t.id, t.items, t.mapping, t.files, t.price_list_id, p.headers->'price' <> '{}'::jsonb AS guards
         FROM batch_rows r JOIN tasks t ON t.id = r.task_id LEFT JOIN rule_profiles p ON p.id = t.profile_id
        WHERE r.batch_id = $1 ORDER BY r.position`,
      [batchId],
    );
    return rows.map((r) => ({ taskId: r.id, items: r.items, mapping: r.mapping, files: r.files, priceListId: r.price_list_id, guardsPriceHeaders: r.guards === true }));
  }
}
