import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { isDeepStrictEqual } from 'node:util';
import { ERR, LIMITS, type PatchTaskResponse, type Task } from '@app/contracts';
import type { patchTaskSchema } from '@app/contracts/schemas';
import { TaskEntity } from '@app/persistence';
import { StorageService, storageKeys } from '@app/storage';
import type { z } from 'zod';
import { MappingsService } from '../mappings/mappings.service';
import { badRequest, notFound } from '../common/user-error';
import { toTask } from './task.mapper';

@Injectable()
export class TasksService {
  private readonly logger = new Logger(TasksService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly mappings: MappingsService,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  async list(): Promise<Task[]> {
    const rows = await this.db.getRepository(TaskEntity).find({ order: { createdAt: 'DESC', id: 'ASC' } });
    return rows.map(toTask);
  }

  async get(id: string): Promise<Task> {
    return toTask(await this.findOrFail(id));
  }

  async create(body: unknown): Promise<Task> {
    const raw = (body as { name?: unknown } | null)?.name;
    const name = typeof raw === 'string' ? raw.trim() : '';
    if (!name) throw badRequest(ERR.taskNameRequired);
    if (name.length > LIMITS.taskNameMax) throw badRequest(ERR.taskNameTooLong(LIMITS.taskNameMax));
    const repo = this.db.getRepository(TaskEntity);
    const mapping = await this.mappings.get();
    const saved = await repo.save(repo.create({ name, items: [], files: { price: null, template: null }, mapping }));
    return toTask(saved);
  }

  /** Items and the mapping copy are written in one transaction, under a row lock. */
  async patch(id: string, body: z.output<typeof patchTaskSchema>): Promise<PatchTaskResponse> {
    let mappingSynced = false;
    const saved = await this.db.transaction(async (tx) => {
      const task = await this.lockTask(tx, id);
      if (body.items !== undefined) task.items = body.items;
      if (body.syncMapping) {
        const global = await this.mappings.get(tx);
        mappingSynced = !isDeepStrictEqual(task.mapping, global);
        task.mapping = global;
      }
      return tx.save(task);
    });
    return { ...toTask(saved), mappingSynced };
  }

  /** Removes the rows (exports cascade) and then every object under the task's prefix. */
  async remove(id: string): Promise<void> {
    const result = await this.db.getRepository(TaskEntity).delete({ id });
    if (!result.affected) throw notFound(ERR.taskNotFound);
    try {
      await this.storage.removePrefix(storageKeys.taskPrefix(id));
    } catch (error) {
      this.logger.error({ err: error, taskId: id }, 'task deleted but its objects could not be removed');
    }
  }

  async findOrFail(id: string, manager: EntityManager = this.db.manager): Promise<TaskEntity> {
    const task = await manager.getRepository(TaskEntity).findOne({ where: { id } });
    if (!task) throw notFound(ERR.taskNotFound);
    return task;
  }

  lockTask(tx: EntityManager, id: string): Promise<TaskEntity> {
    return tx
      .getRepository(TaskEntity)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } })
      .then((task) => {
        if (!task) throw notFound(ERR.taskNotFound);
        return task;
      });
  }
}
