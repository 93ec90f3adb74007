import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { ERR, type FileColumns, type FileKind } from '@app/contracts';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { StorageService } from '@app/storage';
import { ExportQueueService } from '../queue/export-queue.service';
import { fileColumns } from './file-columns.loader';
import { TasksService } from '../tasks/tasks.service';
import { notFound } from '../common/user-error';
import { sendOriginal } from './send-original';

@Injectable()
export class FilesService {
  constructor(
    private readonly tasks: TasksService,
    @Inject(StorageService) private readonly storage: StorageService,
    private readonly queue: ExportQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async columns(taskId: string, kind: FileKind): Promise<FileColumns> {
    const file = (await this.tasks.currentFiles(await this.tasks.findOrFail(taskId)))[kind];
    if (!file) throw notFound(ERR.fileNotFound);
    return fileColumns(this.queue, this.config.QUEUE_PREFIX, file.key, kind, this.config.GENERATE_TIMEOUT_MS);
  }

  async sendOriginal(taskId: string, kind: FileKind, res: Response): Promise<void> {
    const file = (await this.tasks.currentFiles(await this.tasks.findOrFail(taskId)))[kind];
    if (!file) throw notFound(ERR.fileNotFound);
    await sendOriginal(this.storage, file, res);
  }
}
