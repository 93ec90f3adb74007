import { Inject, Injectable, Logger } from '@nestjs/common';
import { ERR, FILE_KINDS, columnLetter, fixMoves, headerChanges, type FileKind, type FixHeaderRequest, type HeaderChange, type Task } from '@app/contracts';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { ProfilesRepository, TasksRepository, type Actor, type TaskEntity } from '@app/persistence';
import { ExportQueueService } from '../queue/export-queue.service';
import { fileColumns } from '../files/file-columns.loader';
import { TasksService } from '../tasks/tasks.service';
import { conflict, notFound } from '../common/user-error';

/**
 * The template guard (DESIGN §10) on the API's side: the headers the task's profile remembers
 * against the columns of the task's files, which the worker reads (the API never opens a workbook).
 */
/**
 * How long an upload waits for the guard: the file is stored by then, and a columns job may queue
 * behind exports. Past it the upload answers without warnings; the page (GET header-changes) and
 * the next export still report them.
 */
const UPLOAD_GUARD_WAIT_MS = 5_000;

@Injectable()
export class HeaderGuardService {
  private readonly logger = new Logger(HeaderGuardService.name);

  constructor(
    private readonly tasks: TasksService,
    private readonly repository: TasksRepository,
    private readonly profiles: ProfilesRepository,
    private readonly queue: ExportQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async changes(taskId: string): Promise<HeaderChange[]> {
    return this.changesOf(await this.tasks.findOrFail(taskId), FILE_KINDS);
  }

  /**
   * What an upload tells its user. The file is stored by then, so a guard that cannot run (the
   * queue is down, the worker is slow) costs the warning, never the upload.
   */
  async afterUpload(task: TaskEntity, kind: FileKind): Promise<HeaderChange[]> {
    try {
      return await this.changesOf(task, [kind], UPLOAD_GUARD_WAIT_MS);
    } catch (error) {
      this.logger.warn({ err: error, taskId: task.id, kind }, 'guard skipped after upload');
      return [];
    }
  }

  /**
   * `Исправить`: the file's moved headers as the guard sees them now, all re-pointed together
   * (fixMoves), provided the one clicked is still among them and no rule that stays is in the way.
   */
  async fix(actor: Actor, taskId: string, fix: FixHeaderRequest): Promise<Task> {
    const current = await this.tasks.findOrFail(taskId);
    const moves = fixMoves(await this.changesOf(current, [fix.file]), fix, current.mapping);
    if (!moves) throw conflict(ERR.headerFixStale);
    if ('conflict' in moves) throw conflict(ERR.headerFixTaken(columnLetter(moves.conflict)));
    const task = await this.repository.repoint(actor, taskId, moves);
    if (!task) throw notFound(ERR.taskNotFound);
    return this.tasks.present(task);
  }

  /** Only files whose headers the profile remembers are read: a profile without them costs nothing. */
  private async changesOf(task: TaskEntity, kinds: readonly FileKind[], waitMs = this.config.GENERATE_TIMEOUT_MS): Promise<HeaderChange[]> {
    const profile = await this.profiles.find(task.profileId);
    if (!profile) return [];
    const out: HeaderChange[] = [];
    const files = await this.tasks.currentFiles(task);
    for (const kind of kinds) {
      const remembered = profile.headers[kind] ?? {};
      const file = files[kind];
      if (!file || Object.keys(remembered).length === 0) continue;
      const { columns } = await fileColumns(this.queue, this.config.QUEUE_PREFIX, file.key, kind, waitMs);
      out.push(...headerChanges(kind, remembered, columns));
    }
    return out;
  }
}
