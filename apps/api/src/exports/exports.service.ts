import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Response } from 'express';
import { EXPORT_FILE_NAME, EXPORT_HEADERS, ERR, type ExportJobResult, type ExportRecord } from '@app/contracts';
import type { AppConfig } from '@app/config';
import { ExportEntity, queueExportIfReady } from '@app/persistence';
import { ExportHandoff, StorageService } from '@app/storage';
import { APP_CONFIG } from '@app/config';
import { UserError, conflict, notFound, unprocessable } from '../common/user-error';
import { sendXlsx } from '../common/send-xlsx';
import { TasksService } from '../tasks/tasks.service';
import { ExportQueueService, JobTimeoutError, QueueUnavailableError } from '../queue/export-queue.service';
import { toExportRecord } from './export.mapper';

/**
 * Generation never runs here: the API records an export row, queues a job, waits for the worker
 * to finish it (bounded by GENERATE_TIMEOUT_MS) and streams the object the worker stored.
 */
@Injectable()
export class ExportsService {
  private readonly logger = new Logger(ExportsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tasks: TasksService,
    private readonly queue: ExportQueueService,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(ExportHandoff) private readonly handoff: ExportHandoff,
  ) {}

  async generate(taskId: string, res: Response): Promise<void> {
    const task = await queueExportIfReady(this.db, taskId);
    if (!task) throw notFound(ERR.taskNotFound);
    if (!task.files.price) throw conflict(ERR.noPrice);
    if (!task.files.template) throw conflict(ERR.noTemplate);
    if (task.itemCount === 0) throw conflict(ERR.noItems);
    const { exportId } = task;
    if (!exportId) throw new Error(`task ${taskId} looked ready but no export was queued`);
    let job;
    try {
      job = await this.queue.add({ exportId, taskId, priceKey: task.files.price.key, templateKey: task.files.template.key });
    } catch (error) {
      if (!(error instanceof QueueUnavailableError)) throw error;
      await this.db.getRepository(ExportEntity).update({ id: exportId }, { status: 'failed', error: ERR.queueUnavailable, finishedAt: new Date() });
      throw new UserError(503, ERR.queueUnavailable);
    }

    let done: ExportJobResult | null;
    try {
      done = await this.queue.waitUntilFinished(job, this.config.GENERATE_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof JobTimeoutError) throw new UserError(504, ERR.generateTimeout);
      const failed = await this.db.getRepository(ExportEntity).findOneBy({ id: exportId });
      if (failed?.status === 'failed' && failed.error) throw unprocessable(failed.error);
      this.logger.error({ err: error, exportId }, 'export job failed');
      throw new UserError(500, ERR.generateFailed);
    }
    // null: the task was deleted while its export was being made.
    if (!done) throw new UserError(500, ERR.generateFailed);
    const handedOff = done.handedOff ? await this.handoff.take(exportId, done.size) : null;
    const body = handedOff ?? (await this.storage.getStream(done.objectKey));
    await sendXlsx(res, body, EXPORT_FILE_NAME, done.size, {
      [EXPORT_HEADERS.id]: exportId,
      [EXPORT_HEADERS.rows]: String(done.rows),
      [EXPORT_HEADERS.matched]: String(done.matched),
      [EXPORT_HEADERS.unmatched]: String(done.unmatched),
    });
  }

  async history(taskId: string): Promise<ExportRecord[]> {
    await this.tasks.findOrFail(taskId);
    const rows = await this.db.getRepository(ExportEntity).find({ where: { taskId }, order: { createdAt: 'DESC' } });
    return rows.map(toExportRecord);
  }

  async sendFile(taskId: string, exportId: string, res: Response): Promise<void> {
    const row = await this.db.getRepository(ExportEntity).findOneBy({ id: exportId, taskId });
    if (!row || row.status !== 'done' || !row.objectKey) throw notFound(ERR.exportNotFound);
    await sendXlsx(res, await this.storage.getStream(row.objectKey), EXPORT_FILE_NAME, row.size, {
      [EXPORT_HEADERS.id]: row.id,
    });
  }
}
