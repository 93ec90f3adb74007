import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { EXPORT_FILE_NAME, EXPORT_HEADERS, ERR, decodeExportFailure, type ExportJobResult, type ExportRecord } from '@app/contracts';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { ExportsRepository, type Actor, type ExportEntity } from '@app/persistence';
import { StorageService } from '@app/storage';
import { UserError, notFound } from '../common/user-error';
import { sendXlsx } from '../common/send-xlsx';
import { TasksService } from '../tasks/tasks.service';
import { QueueUnavailableError } from '@app/queue';
import { ExportQueueService, JobFailedError, JobGoneError } from '../queue/export-queue.service';
import { jobUserError } from '../queue/job-user-error';
import { toExportRecord } from './export.mapper';
import { notReadyError } from './not-ready';

/**
 * Generation never runs here: the API records an export row, queues a job naming it, waits for
 * the worker to finish it (bounded by GENERATE_TIMEOUT_MS) and streams the object the worker stored.
 */
@Injectable()
export class ExportsService {
  private readonly logger = new Logger(ExportsService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly exports: ExportsRepository,
    private readonly tasks: TasksService,
    private readonly queue: ExportQueueService,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  async generate(actor: Actor, taskId: string, res: Response): Promise<void> {
    // Its job would only wait on it: 503 at once, nothing recorded (DESIGN §15).
    if (this.storage.knownDown()) throw new UserError(503, ERR.storageUnavailable);
    const queued = await this.exports.queue(actor, taskId);
    if ('notReady' in queued) throw notReadyError(queued.notReady);
    const { exportId } = queued;
    try {
      await this.queue.add(exportId);
    } catch (error) {
      if (error instanceof QueueUnavailableError) await this.exports.refuseEnqueue(exportId, ERR.queueUnavailable);
      throw jobUserError(error);
    }
    const done = await this.wait(exportId);
    // null: the task was deleted while its export was being made.
    if (!done) throw notFound(ERR.taskNotFound);
    await sendXlsx(res, await this.storage.getStream(done.objectKey), EXPORT_FILE_NAME, done.size, {
      [EXPORT_HEADERS.id]: exportId,
      [EXPORT_HEADERS.rows]: String(done.rows),
      [EXPORT_HEADERS.matched]: String(done.matched),
      [EXPORT_HEADERS.unmatched]: String(done.unmatched),
      [EXPORT_HEADERS.warnings]: String(done.warnings ?? 0),
    });
  }

  private async wait(exportId: string): Promise<ExportJobResult | null> {
    try {
      return await this.queue.result(exportId, this.config.GENERATE_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof JobFailedError && decodeExportFailure(error.reason).status === 500) {
        this.logger.error({ exportId, reason: error.reason }, 'export job failed');
      }
      // The row stays queued: the reconciler queues the job again, and the export ends done.
      if (error instanceof JobGoneError) this.logger.error({ exportId }, 'export job vanished from Redis');
      throw jobUserError(error);
    }
  }

  async history(taskId: string): Promise<ExportRecord[]> {
    await this.tasks.findOrFail(taskId);
    return (await this.exports.history(taskId)).map(toExportRecord);
  }

  async sendFile(taskId: string, exportId: string, res: Response): Promise<void> {
    await this.send(await this.exports.findDone(taskId, exportId), res);
  }

  /** The newest `done` export of the task (a missing task has none either: 404 exportNotFound). */
  async sendLatest(taskId: string, res: Response): Promise<void> {
    await this.send(await this.exports.latestDone(taskId), res);
  }

  private async send(row: ExportEntity | null, res: Response): Promise<void> {
    if (!row?.objectKey) throw notFound(ERR.exportNotFound);
    await sendXlsx(res, await this.storage.getStream(row.objectKey), EXPORT_FILE_NAME, row.size, {
      [EXPORT_HEADERS.id]: row.id,
    });
  }
}
