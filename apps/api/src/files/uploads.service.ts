import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { ERR, XLSX_MIME, type FileKind, type Task } from '@app/contracts';
import { EngineError, inspectXlsx } from '@app/export-engine';
import type { StoredFile } from '@app/persistence';
import { StorageService, storageKeys } from '@app/storage';
import { TasksService } from '../tasks/tasks.service';
import { toTask } from '../tasks/task.mapper';
import { badRequest, unprocessable } from '../common/user-error';
import { originalFileName } from './original-file-name';

export interface UploadedTempFile {
  path: string;
  size: number;
  originalname: string;
}

/**
 * An upload is checked by content before anything is stored, written under a fresh key, and only
 * then swapped into the task in one transaction; the old object goes last. A failure at any step
 * leaves the previous file and record as they were and no new object behind.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tasks: TasksService,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  async upload(taskId: string, kind: FileKind, file: UploadedTempFile | undefined): Promise<Task> {
    await this.tasks.findOrFail(taskId);
    if (!file) throw badRequest(ERR.noFile);
    await this.inspect(file.path);

    const stored: StoredFile = {
      key: storageKeys.upload(taskId, kind, randomUUID()),
      name: originalFileName(file.originalname),
      size: file.size,
      uploadedAt: new Date().toISOString(),
    };
    await this.storage.putFile(stored.key, file.path, XLSX_MIME);

    let previous: StoredFile | null = null;
    try {
      const saved = await this.db.transaction(async (tx) => {
        const task = await this.tasks.lockTask(tx, taskId);
        previous = task.files[kind];
        task.files = { ...task.files, [kind]: stored };
        return tx.save(task);
      });
      if (previous) await this.removeQuietly((previous as StoredFile).key);
      return toTask(saved);
    } catch (error) {
      await this.removeQuietly(stored.key);
      throw error;
    }
  }

  private async inspect(path: string): Promise<void> {
    try {
      await inspectXlsx(path);
    } catch (error) {
      if (error instanceof EngineError) throw unprocessable((error as Error).message);
      throw error;
    }
  }

  private async removeQuietly(key: string): Promise<void> {
    await this.storage.remove(key).catch((err) => this.logger.warn({ err, key }, 'could not remove object'));
  }
}
