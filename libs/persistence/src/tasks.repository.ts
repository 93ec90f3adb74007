import { isDeepStrictEqual } from 'node:util';
import type { DataSource, EntityManager } from 'typeorm';
import type { FileKind, Item } from '@app/contracts';
import { TaskEntity, type StoredFile, type StoredFiles } from './task.entity';
import { RulesRepository } from './rules.repository';

/** A task without its items and rules, as a list shows it. */
export interface TaskSummaryRow {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  files: StoredFiles;
  itemCount: number;
}

/** Tasks: their items, their two files and their copy of the rules. */
export class TasksRepository {
  private readonly rules: RulesRepository;

  constructor(private readonly db: DataSource) {
    this.rules = new RulesRepository(db);
  }

  list(): Promise<TaskEntity[]> {
    return this.db.getRepository(TaskEntity).find({ order: { createdAt: 'DESC', id: 'ASC' } });
  }

  /**
   * Newest first, like list(), but the items are only counted in SQL: loading them made the list
   * of 1,216 tasks 21.7 MB.
   */
  summaries(): Promise<TaskSummaryRow[]> {
    return this.db
      .getRepository(TaskEntity)
      .createQueryBuilder('t')
      .select('t.id', 'id')
      .addSelect('t.name', 'name')
      .addSelect('t.createdAt', 'createdAt')
      .addSelect('t.updatedAt', 'updatedAt')
      .addSelect('t.files', 'files')
      .addSelect('jsonb_array_length(t.items)', 'itemCount')
      .orderBy('t.createdAt', 'DESC')
      .addOrderBy('t.id', 'ASC')
      .getRawMany<TaskSummaryRow>();
  }

  find(id: string): Promise<TaskEntity | null> {
    return this.db.getRepository(TaskEntity).findOneBy({ id });
  }

  /** A new task starts with a copy of the rules as they are now. */
  async create(name: string): Promise<TaskEntity> {
    const repo = this.db.getRepository(TaskEntity);
    return repo.save(repo.create({ name, items: [], files: { price: null, template: null }, mapping: await this.rules.get() }));
  }

  /**
   * Items and a fresh copy of the rules in one transaction under a row lock, bumping the version;
   * null when the task is gone, `stale` when `version` is given and is not the stored one (the
   * save was made from an older copy). `mappingSynced` is true exactly when the copy changed.
   */
  patch(
    id: string,
    changes: { items?: Item[]; syncMapping?: boolean; version?: number },
  ): Promise<{ task: TaskEntity; mappingSynced: boolean } | 'stale' | null> {
    return this.locked(id, async (task, tx) => {
      if (changes.version !== undefined && changes.version !== task.version) return 'stale' as const;
      let mappingSynced = false;
      if (changes.items !== undefined) task.items = changes.items;
      if (changes.syncMapping) {
        const rules = await this.rules.get(tx);
        mappingSynced = !isDeepStrictEqual(task.mapping, rules);
        task.mapping = rules;
      }
      task.version += 1;
      return { task: await tx.save(task), mappingSynced };
    });
  }

  /** Puts a stored upload in the task; returns the file it replaces (its object is the caller's to remove). */
  setFile(id: string, kind: FileKind, file: StoredFile): Promise<{ task: TaskEntity; previous: StoredFile | null } | null> {
    return this.locked(id, async (task, tx) => {
      const previous = task.files[kind];
      task.files = { ...task.files, [kind]: file };
      return { task: await tx.save(task), previous };
    });
  }

  /** False when there was no such task. Its exports go with it (cascade). */
  async delete(id: string): Promise<boolean> {
    return ((await this.db.getRepository(TaskEntity).delete({ id })).affected ?? 0) > 0;
  }

  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  private locked<T>(id: string, change: (task: TaskEntity, tx: EntityManager) => Promise<T>): Promise<T | null> {
    return this.db.transaction(async (tx) => {
      const task = await tx.getRepository(TaskEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      return task ? change(task, tx) : null;
    });
  }
}
