import { In, LessThan, Not, type DataSource, type Repository } from 'typeorm';
import { exportWarningCount, type ExportChanges, type ExportDigest, type ExportReport } from '@app/contracts';
import { ExportEntity } from './export.entity';
import { TaskEntity } from './task.entity';
import { recordAudit, type Actor } from './audit-writer';

/** Why a task cannot be exported yet; the caller turns it into the user's message. */
export type NotReady = 'task' | 'price' | 'template' | 'items';

export interface ExportDone {
  objectKey: string;
  size: number;
  report: ExportReport;
  timings: Record<string, number>;
  digest: ExportDigest;
  changes: ExportChanges | null;
}

/** A finished export's digest and when it was made: what a newer export or a check compares with. */
export interface StoredDigest {
  digest: ExportDigest;
  finishedAt: Date;
}

/**
 * The one owner of the export row and its status machine:
 * queued → running → done | failed, and running → queued again when a retry is due.
 * A row that is done never changes again; a task's deletion removes its rows (cascade).
 */
export class ExportsRepository {
  private readonly rows: Repository<ExportEntity>;

  constructor(private readonly db: DataSource) {
    this.rows = db.getRepository(ExportEntity);
  }

  /** What the task still lacks for an export (or a check): null when it has both files and an item. */
  async readiness(taskId: string): Promise<NotReady | null> {
    const task = await this.db
      .getRepository(TaskEntity)
      .createQueryBuilder('t')
      .select('t.files', 'files')
      .addSelect('jsonb_array_length(t.items)', 'itemCount')
      .where('t.id = :taskId', { taskId })
      .getRawOne<{ files: TaskEntity['files']; itemCount: number }>();
    if (!task) return 'task';
    if (!task.files.price) return 'price';
    if (!task.files.template) return 'template';
    if (Number(task.itemCount) === 0) return 'items';
    return null;
  }

  /** Records a `queued` export if the task is ready (readiness); otherwise says what is missing. */
  async queue(actor: Actor, taskId: string): Promise<{ exportId: string } | { notReady: NotReady }> {
    const notReady = await this.readiness(taskId);
    if (notReady) return { notReady };
    try {
      const row = await this.rows.save(this.rows.create({ taskId, status: 'queued', attempts: 0, createdBy: actor.id }));
      return { exportId: row.id };
    } catch (error) {
      // The task was deleted since it was read: foreign_key_violation.
      if ((error as { code?: string }).code === '23503') return { notReady: 'task' };
      throw error;
    }
  }

  /** The export row with its task (items, rules, files), as a job reads it when it starts. */
  withTask(exportId: string): Promise<(ExportEntity & { task: TaskEntity }) | null> {
    return this.rows.findOne({ where: { id: exportId }, relations: { task: true } }) as Promise<(ExportEntity & { task: TaskEntity }) | null>;
  }

  async markRunning(exportId: string, jobId: string): Promise<void> {
    await this.rows
      .createQueryBuilder()
      .update()
      .set({ status: 'running', startedAt: () => 'now()', jobId, attempts: () => 'attempts + 1' })
      .where({ id: exportId, status: Not('done') })
      .execute();
  }

  /**
   * False when the row is gone (task deleted) or was already done. The `export` audit event, in the
   * name of whoever asked for it, is written with the row's change: once, however often a job is retried.
   */
  markDone(exportId: string, done: ExportDone): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const result = await tx.getRepository(ExportEntity).update(
        { id: exportId, status: Not('done') },
        { status: 'done', ...done, error: null, finishedAt: new Date() },
      );
      if (!result.affected) return false;
      const row = await tx.getRepository(ExportEntity).findOneByOrFail({ id: exportId });
      const { rows, matchedByMa, matchedByGm } = done.report;
      const details = { exportId, rows, found: matchedByMa + matchedByGm, warnings: exportWarningCount(done.report), size: done.size };
      await recordAudit(tx, row.createdBy ? { id: row.createdBy } : null, 'export', details, row.taskId);
      return true;
    });
  }

  async markFailed(exportId: string, error: string): Promise<void> {
    await this.rows.update({ id: exportId, status: Not('done') }, { status: 'failed', error, finishedAt: new Date() });
  }

  /** A failed attempt with a retry left: back to `queued` until the next attempt starts. */
  async requeue(exportId: string): Promise<void> {
    await this.rows.update({ id: exportId, status: Not('done') }, { status: 'queued' });
  }

  /** Exports still queued or running that were created before `before`, oldest first. */
  unfinished(before: Date, take = 500): Promise<ExportEntity[]> {
    return this.rows.find({ where: { status: In(['queued', 'running']), createdAt: LessThan(before) }, order: { createdAt: 'ASC' }, take });
  }

  /**
   * The digest of the task's newest finished export that has one. Newest by creation, so the walk
   * is down the (task_id, created_at) index and stops at the first such row: a task exported
   * thousands of times costs one row, not a sort of all of them.
   */
  async newestDigest(taskId: string): Promise<StoredDigest | null> {
    const [row] = await this.db.query<{ digest: ExportDigest; finished_at: Date }[]>(
      `SELECT digest, finished_at FROM exports
        WHERE task_id = $1 AND status = 'done' AND digest IS NOT NULL
        ORDER BY created_at DESC LIMIT 1`,
      [taskId],
    );
    return row ? { digest: row.digest, finishedAt: row.finished_at } : null;
  }

  exists(exportId: string): Promise<boolean> {
    return this.rows.existsBy({ id: exportId });
  }

  history(taskId: string): Promise<ExportEntity[]> {
    return this.rows.find({ where: { taskId }, order: { createdAt: 'DESC' }, relations: { creator: true } });
  }

  findDone(taskId: string, exportId: string): Promise<ExportEntity | null> {
    return this.rows.findOneBy({ id: exportId, taskId, status: 'done' });
  }

  /** Removes exports created before `cutoff`, oldest first, each one's object before its row. */
  async purge(cutoff: Date, removeObject: (key: string) => Promise<void>, batch = 500): Promise<number> {
    let removed = 0;
    for (;;) {
      const old = await this.rows.find({ where: { createdAt: LessThan(cutoff) }, take: batch, order: { createdAt: 'ASC' } });
      for (const row of old) if (row.objectKey) await removeObject(row.objectKey);
      if (old.length) await this.rows.delete({ id: In(old.map((r) => r.id)) });
      removed += old.length;
      if (old.length < batch) return removed;
    }
  }
}
