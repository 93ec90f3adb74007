import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { ERR, type FileKind } from '@app/contracts';
import { StorageService } from '@app/storage';
import { TasksService } from '../tasks/tasks.service';
import { notFound } from '../common/user-error';
import { sendXlsx } from '../common/send-xlsx';

@Injectable()
export class FilesService {
  constructor(
    private readonly tasks: TasksService,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  async sendOriginal(taskId: string, kind: FileKind, res: Response): Promise<void> {
    const task = await this.tasks.findOrFail(taskId);
    const file = task.files[kind];
    if (!file) throw notFound(ERR.fileNotFound);
    await sendXlsx(res, await this.storage.getStream(file.key), file.name, file.size);
  }
}
