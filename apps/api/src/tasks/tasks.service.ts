import { Inject, Injectable, Logger } from '@nestjs/common';
import { ERR, LIMITS, PRICE_LIST_ERR, type PatchTaskResponse, type Task, type TaskSummary } from '@app/contracts';
import { createTaskSchema, firstIssue, parseRussian, taskListQuerySchema, type patchTaskSchema } from '@app/contracts/schemas';
import { NO_PRICE_LIST, NO_PROFILE, PriceListVersionsRepository, TasksRepository, type Actor, type StoredFiles, type TaskEntity } from '@app/persistence';
import { StorageService, storageKeys } from '@app/storage';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../common/user-error';
import { toTask, toTaskSummary } from './task.mapper';
import { toPriceListRef } from '../price-lists/price-list.mapper';

const WHOLE_SENTENCES: readonly string[] = [ERR.taskNameRequired, ERR.taskNameTooLong(LIMITS.taskNameMax)];

@Injectable()
export class TasksService {
  private readonly logger = new Logger(TasksService.name);

  constructor(
    private readonly tasks: TasksRepository,
    private readonly versions: PriceListVersionsRepository,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  /** `view` is the query parameter: absent gives every task with its items, `summary` the small list. */
  async list(view: unknown): Promise<Task[] | TaskSummary[]> {
    const query = taskListQuerySchema.safeParse({ view });
    if (!query.success) throw badRequest(ERR.unknownListView);
    if (query.data.view === undefined) return this.presentAll(await this.tasks.list());
    return (await this.tasks.summaries()).map(toTaskSummary);
  }

  async get(id: string): Promise<Task> {
    return this.present(await this.findOrFail(id));
  }

  /**
   * A body that is no object is one without a name, not a malformed request. The name's empty and
   * too-long messages are the spec's whole sentences; any other reason names its field in front.
   */
  async create(actor: Actor, body: unknown): Promise<Task> {
    const parsed = parseRussian(createTaskSchema, typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {});
    if (!parsed.success) {
      const { field, message } = firstIssue(parsed.error);
      throw badRequest(WHOLE_SENTENCES.includes(message) ? message : ERR.invalidField(field, message));
    }
    const task = await this.tasks.create(actor, parsed.data.name, parsed.data.profileId);
    if (task === NO_PROFILE) throw badRequest(ERR.invalidField('profileId', ERR.noSuchProfile));
    return this.present(task);
  }

  async patch(actor: Actor, id: string, body: z.output<typeof patchTaskSchema>): Promise<PatchTaskResponse> {
    const patched = await this.tasks.patch(actor, id, body);
    if (!patched) throw notFound(ERR.taskNotFound);
    if (patched === 'stale') throw conflict(ERR.taskChanged);
    if (patched === NO_PROFILE) throw badRequest(ERR.invalidField('profileId', ERR.noSuchProfile));
    if (patched === NO_PRICE_LIST) throw badRequest(ERR.invalidField('priceListId', PRICE_LIST_ERR.noSuchList));
    return { ...(await this.present(patched.task)), mappingSynced: patched.mappingSynced };
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

  /** A task's answer, with the price list it follows, that list's current version and the stale flag (DESIGN §12). */
  async present(task: TaskEntity): Promise<Task> {
    return (await this.presentAll([task]))[0];
  }

  async presentAll(tasks: TaskEntity[]): Promise<Task[]> {
    const following = await this.versions.following(tasks.filter((t) => t.priceListId).map((t) => t.id));
    return tasks.map((task) => {
      const row = following.get(task.id);
      return toTask(task, row ? { priceList: toPriceListRef(row.list, row.current), stale: row.stale } : undefined);
    });
  }

  /** The task's files as its jobs read them: for a task that follows a list, its current version as the price file. */
  async currentFiles(task: TaskEntity): Promise<StoredFiles> {
    return { ...task.files, price: (await this.versions.priceFileOf(task)).file };
  }

  async findOrFail(id: string): Promise<TaskEntity> {
    const task = await this.tasks.find(id);
    if (!task) throw notFound(ERR.taskNotFound);
    return task;
  }
}
