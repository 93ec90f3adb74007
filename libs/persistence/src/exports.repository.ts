import { In, LessThan, type DataSource, type EntityManager, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { exportWarningCount, type ExportChanges, type ExportDigest, type ExportReport } from '@app/contracts';
import { ExportEntity } from './export.entity';
import { EXPORT_TRANSITIONS, type ExportTransitionName } from './export-status';
import { TaskEntity } from './task.entity';
import { recordAudit, type Actor } from './audit-writer';
import { UnownedObjectsRepository } from './unowned-objects.repository';
import { CURRENT_PRICE_FILE_SQL } from './price-list-sql';

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

/** Whose export a moved row is. */
interface MovedRow {
  taskId: string;
  createdBy: string | null;
}

/** A finished export's digest and when it was made: what a newer export or a check compares with. */
export interface StoredDigest {
  digest: ExportDigest;
  finishedAt: Date;
}

/** A transaction's end that is not an error: rolled back, with what the caller is told. */
class Rollback extends Error {
  constructor(readonly outcome: 'swept' | 'gone') {
    super(outcome);
  }
}

/**
 * The one owner of the export row. Every status change is a transition of EXPORT_TRANSITIONS
 * (export-status.ts: which moves exist and who makes them); `done` and `failed` never change
 * again, and a task's deletion removes its rows (cascade).
 */
export class ExportsRepository {
  private readonly rows: Repository<ExportEntity>;
  private readonly unowned: UnownedObjectsRepository;

  constructor(private readonly db: DataSource) {
    this.rows = db.getRepository(ExportEntity);
    this.unowned = new UnownedObjectsRepository(db);
  }

  /** What the task still lacks for an export (or a check): null when it has both files and an item. */
  async readiness(taskId: string): Promise<NotReady | null> {
    return (await this.readinessOf([taskId]))[0];
  }

  /** readiness of each task, in one query (a batch's tasks: DESIGN §12). */
  async readinessOf(taskIds: readonly string[]): Promise<(NotReady | null)[]> {
    if (taskIds.length === 0) return [];
    const rows = await this.db
      .getRepository(TaskEntity)
      .createQueryBuilder('t')
      .select('t.id::text', 'id')
      .addSelect(CURRENT_PRICE_FILE_SQL('t'), 'files')
      .addSelect('t.item_count', 'itemCount')
      .where('t.id IN (:...taskIds)', { taskIds })
      .getRawMany<{ id: string; files: TaskEntity['files']; itemCount: number }>();
    const found = new Map(rows.map((task) => [task.id, task]));
    return taskIds.map((taskId): NotReady | null => {
      const task = found.get(taskId.toLowerCase());
      if (!task) return 'task';
      // A task that follows a list is ready once the list has a version (its current one is read).
      if (!task.files.price) return 'price';
      if (!task.files.template) return 'template';
      if (Number(task.itemCount) === 0) return 'items';
      return null;
    });
  }

  /** Records a `queued` export if the task is ready (readiness); otherwise says what is missing. */
  async queue(actor: Actor, taskId: string): Promise<{ exportId: string } | { notReady: NotReady }> {
    const notReady = await this.readiness(taskId);
    if (notReady) return { notReady };
    try {
      const row = await this.rows.save(this.rows.create({ taskId, status: EXPORT_TRANSITIONS.create.to, attempts: 0, createdBy: actor.id }));
      return { exportId: row.id };
    } catch (error) {
      // The task was deleted since it was read: foreign_key_violation.
      if ((error as { code?: string }).code === '23503') return { notReady: 'task' };
      throw error;
    }
  }

  /** The export row with its task (items, rules, files), as a job reads it when it starts: one query (findOne with a relation makes two). */
  withTask(exportId: string): Promise<(ExportEntity & { task: TaskEntity }) | null> {
    return this.rows.createQueryBuilder('e').innerJoinAndSelect('e.task', 'task').where('e.id = :exportId', { exportId }).getOne() as Promise<(ExportEntity & { task: TaskEntity }) | null>;
  }

  /**
   * An attempt starts, reading the library version `priceVersionId` (DESIGN §12; null: the task's
   * own file), recorded with the start; false when the row is gone or already final (nothing left
   * to do), and then nothing is written: a stalled duplicate of the job never rewrites an ended export.
   */
  start(exportId: string, jobId: string, priceVersionId: string | null): Promise<boolean> {
    return this.move('start', exportId, { startedAt: () => 'now()', jobId, attempts: () => 'attempts + 1', priceVersionId });
  }

  /**
   * The workbook is stored under `done.objectKey` (listed as `writing` before it was put): the row
   * takes it over in one transaction, with the `export` audit event in the name of whoever asked
   * for it (once, however often a job is retried). `swept`: the object was removed as unowned
   * meanwhile (its writer took longer than the grace period) and must be stored again; `gone`: the
   * row was deleted with its task, or another writer failed it, and the object is still nobody's.
   */
  async finish(exportId: string, done: ExportDone): Promise<'done' | 'swept' | 'gone'> {
    try {
      return await this.db.transaction(async (tx): Promise<'done'> => {
        const claimed = await this.unowned.claim(done.objectKey, tx);
        const moved = await this.moved('finish', exportId, { ...done, error: null, finishedAt: () => 'now()' }, tx);
        if (moved) {
          if (!claimed) throw new Rollback('swept');
          await this.auditDone(tx, exportId, done, moved);
          return 'done';
        }
        // A run of the same job that finished first stored the same key: the object is that row's.
        const row = await tx.getRepository(ExportEntity).findOne({ where: { id: exportId }, select: { status: true, objectKey: true } });
        if (row?.status === 'done' && row.objectKey === done.objectKey) return 'done';
        throw new Rollback('gone');
      });
    } catch (error) {
      if (error instanceof Rollback) return error.outcome;
      throw error;
    }
  }

  private async auditDone(tx: EntityManager, exportId: string, done: ExportDone, row: MovedRow): Promise<void> {
    const { rows, matchedByMa, matchedByGm } = done.report;
    const details = { exportId, rows, found: matchedByMa + matchedByGm, warnings: exportWarningCount(done.report), size: done.size };
    await recordAudit(tx, row.createdBy ? { id: row.createdBy } : null, 'export', details, row.taskId);
  }

  /** An attempt failed and another is due. */
  async retry(exportId: string): Promise<void> {
    await this.move('retry', exportId, {});
  }

  /** The job's last attempt failed, or its input was refused: `error` is the user's message. */
  async fail(exportId: string, error: string): Promise<void> {
    await this.move('fail', exportId, { error, finishedAt: () => 'now()' });
  }

  /** Redis refused the job: nothing will run it. */
  async refuseEnqueue(exportId: string, error: string): Promise<void> {
    await this.move('enqueueRefused', exportId, { error, finishedAt: () => 'now()' });
  }

  /** The reconciler queues a lost job again. */
  async requeue(exportId: string): Promise<void> {
    await this.move('requeue', exportId, {});
  }

  /** The reconciler gives up on a job that failed or was lost for good. */
  async abandon(exportId: string, error: string): Promise<void> {
    await this.move('abandon', exportId, { error, finishedAt: () => 'now()' });
  }

  /** Applies a transition of EXPORT_TRANSITIONS if the row is in one of its `from` states. */
  private async move(name: ExportTransitionName, exportId: string, set: QueryDeepPartialEntity<ExportEntity>, manager: EntityManager = this.db.manager): Promise<boolean> {
    return (await this.moved(name, exportId, set, manager)) !== undefined;
  }

  /** move, answering whose export it is (for its audit event without another read), or undefined when it did not move. */
  private async moved(name: ExportTransitionName, exportId: string, set: QueryDeepPartialEntity<ExportEntity>, manager: EntityManager): Promise<MovedRow | undefined> {
    const { from, to } = EXPORT_TRANSITIONS[name];
    const result = await manager
      .createQueryBuilder()
      .update(ExportEntity)
      .set({ ...set, status: to })
      .where({ id: exportId, status: In([...from]) })
      .returning('task_id AS "taskId", created_by AS "createdBy"')
      .execute();
    return (result.raw as MovedRow[])[0];
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

  history(taskId: string): Promise<ExportEntity[]> {
    return this.rows.find({ where: { taskId }, order: { createdAt: 'DESC' }, relations: { creator: true, priceVersion: true } });
  }

  findDone(taskId: string, exportId: string): Promise<ExportEntity | null> {
    return this.rows.findOneBy({ id: exportId, taskId, status: 'done' });
  }

  /** The task's newest finished export (for scripts: `exports/latest/file`). */
  latestDone(taskId: string): Promise<ExportEntity | null> {
    return this.rows.findOne({ where: { taskId, status: 'done' }, order: { finishedAt: 'DESC', createdAt: 'DESC' } });
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
