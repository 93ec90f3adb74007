import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Response } from 'express';
import { EXPORT_FILE_NAME, EXPORT_HEADERS, ERR, type ExportRecord } from '@app/contracts';
import type { AppConfig } from '@app/config';
import { ExportEntity } from '@app/persistence';
import { StorageService } from '@app/storage';
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
  ) {}

  async generate(taskId: string, res: Response): Promise<void> {
    const task = await this.tasks.findOrFail(taskId);
    if (!task.files.price) throw conflict(ERR.noPrice);
    if (!task.files.template) throw conflict(ERR.noTemplate);
    if (task.items.length === 0) throw conflict(ERR.noItems);

    const repo = this.db.getRepository(ExportEntity);
    const row = await repo.save(repo.create({ taskId, status: 'queued', attempts: 0 }));
    let job;
    try {
      job = await this.queue.add({
        exportId: row.id,
        taskId,
        priceKey: task.files.price.key,
        templateKey: task.files.template.key,
      });
    } catch (error) {
      if (!(error instanceof QueueUnavailableError)) throw error;
      await repo.update({ id: row.id }, { status: 'failed', error: ERR.queueUnavailable, finishedAt: new Date() });
      throw new UserError(503, ERR.queueUnavailable);
    }

    try {
      await this.queue.waitUntilFinished(job, this.config.GENERATE_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof JobTimeoutError) throw new UserError(504, ERR.generateTimeout);
      const failed = await repo.findOneBy({ id: row.id });
      if (failed?.status === 'failed' && failed.error) throw unprocessable(failed.error);
      this.logger.error({ err: error, exportId: row.id }, 'export job failed');
      throw new UserError(500, ERR.generateFailed);
    }

    const done = await repo.findOneBy({ id: row.id });
    if (!done || done.status !== 'done' || !done.objectKey) throw new UserError(500, ERR.generateFailed);
    const report = done.report;
    const matched = report ? report.matchedByMa + report.matchedByGm : 0;
    await sendXlsx(res, await this.storage.getStream(done.objectKey), EXPORT_FILE_NAME, done.size, {
      [EXPORT_HEADERS.id]: done.id,
      [EXPORT_HEADERS.rows]: String(report?.rows ?? 0),
      [EXPORT_HEADERS.matched]: String(matched),
      [EXPORT_HEADERS.unmatched]: String(report?.unmatched.length ?? 0),
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
