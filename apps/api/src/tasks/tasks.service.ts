import { Inject, Injectable, Logger } from '@nestjs/common';
import { ERR, LIMITS, TASK_SUMMARY_VIEW, hasControlChars, type PatchTaskResponse, type Task, type TaskSummary } from '@app/contracts';
import { createTaskProfileSchema, firstIssue, parseRussian, type patchTaskSchema } from '@app/contracts/schemas';
import { NO_PROFILE, TasksRepository, type Actor, type TaskEntity } from '@app/persistence';
import { StorageService, storageKeys } from '@app/storage';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../common/user-error';
import { toTask, toTaskSummary } from './task.mapper';

@Injectable()
export class TasksService {
  private readonly logger = new Logger(TasksService.name);

  constructor(
    private readonly tasks: TasksRepository,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  /** `view` is the query parameter: absent gives every task with its items, `summary` the small list. */
  async list(view: unknown): Promise<Task[] | TaskSummary[]> {
    if (view === undefined) return (await this.tasks.list()).map(toTask);
    if (view !== TASK_SUMMARY_VIEW) throw badRequest(ERR.unknownListView);
    return (await this.tasks.summaries()).map(toTaskSummary);
  }

  async get(id: string): Promise<Task> {
    return toTask(await this.findOrFail(id));
  }

  async create(actor: Actor, body: unknown): Promise<Task> {
    const raw = (body as { name?: unknown } | null)?.name;
    const name = typeof raw === 'string' ? raw.trim() : '';
    if (!name) throw badRequest(ERR.taskNameRequired);
    if (name.length > LIMITS.taskNameMax) throw badRequest(ERR.taskNameTooLong(LIMITS.taskNameMax));
    if (hasControlChars(name)) throw badRequest(ERR.invalidField('name', ERR.controlChars));
    const profile = parseRussian(createTaskProfileSchema, body);
    if (!profile.success) throw badRequest(ERR.invalidField(firstIssue(profile.error).field, firstIssue(profile.error).message));
    const task = await this.tasks.create(actor, name, profile.data.profileId);
    if (task === NO_PROFILE) throw badRequest(ERR.invalidField('profileId', ERR.noSuchProfile));
    return toTask(task);
  }

  async patch(actor: Actor, id: string, body: z.output<typeof patchTaskSchema>): Promise<PatchTaskResponse> {
    const patched = await this.tasks.patch(actor, id, body);
    if (!patched) throw notFound(ERR.taskNotFound);
    if (patched === 'stale') throw conflict(ERR.taskChanged);
    if (patched === NO_PROFILE) throw badRequest(ERR.invalidField('profileId', ERR.noSuchProfile));
    return { ...toTask(patched.task), mappingSynced: patched.mappingSynced };
  }

  /** Removes the rows (exports cascade) and then every object under the task's prefix. */
  async remove(actor: Actor, id: string): Promise<void> {
    if (!(await this.tasks.delete(actor, id))) throw notFound(ERR.taskNotFound);
    try {
      await this.storage.removePrefix(storageKeys.taskPrefix(id));
    } catch (error) {
      this.logger.error({ err: error, taskId: id }, 'task deleted but its objects could not be removed');
    }
  }

  async findOrFail(id: string): Promise<TaskEntity> {
    const task = await this.tasks.find(id);
    if (!task) throw notFound(ERR.taskNotFound);
    return task;
  }
}
