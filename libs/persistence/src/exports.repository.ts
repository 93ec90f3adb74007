import { In, LessThan, Not, type DataSource, type Repository } from 'typeorm';
import type { ExportReport } from '@app/contracts';
import { ExportEntity } from './export.entity';
import { TaskEntity } from './task.entity';

/** Why a task cannot be exported yet; the caller turns it into the user's message. */
export type NotReady = 'task' | 'price' | 'template' | 'items';

export interface ExportDone {
  objectKey: string;
  size: number;
  report: ExportReport;
  timings: Record<string, number>;
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

  /** Records a `queued` export if the task has both files and an item; otherwise says what is missing. */
  async queue(taskId: string): Promise<{ exportId: string } | { notReady: NotReady }> {
    const task = await this.db
      .getRepository(TaskEntity)
      .createQueryBuilder('t')
      .select('t.files', 'files')
      .addSelect('jsonb_array_length(t.items)', 'itemCount')
      .where('t.id = :taskId', { taskId })
      .getRawOne<{ files: TaskEntity['files']; itemCount: number }>();
    if (!task) return { notReady: 'task' };
    if (!task.files.price) return { notReady: 'price' };
    if (!task.files.template) return { notReady: 'template' };
    if (Number(task.itemCount) === 0) return { notReady: 'items' };
    try {
      const row = await this.rows.save(this.rows.create({ taskId, status: 'queued', attempts: 0 }));
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

  /** False when the row is gone (task deleted) or was already done. */
  async markDone(exportId: string, done: ExportDone): Promise<boolean> {
    const result = await this.rows.update(
      { id: exportId, status: Not('done') },
      { status: 'done', ...done, error: null, finishedAt: new Date() },
    );
    return (result.affected ?? 0) > 0;
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

  exists(exportId: string): Promise<boolean> {
    return this.rows.existsBy({ id: exportId });
  }

  history(taskId: string): Promise<ExportEntity[]> {
    return this.rows.find({ where: { taskId }, order: { createdAt: 'DESC' } });
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
