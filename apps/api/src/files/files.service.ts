import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { CSV_MIME, ERR, type FileColumns, type FileKind } from '@app/contracts';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { StorageService } from '@app/storage';
import { ExportQueueService } from '../queue/export-queue.service';
import { fileColumns } from './file-columns.loader';
import { TasksService } from '../tasks/tasks.service';
import { notFound } from '../common/user-error';
import { sendXlsx } from '../common/send-xlsx';

@Injectable()
export class FilesService {
  constructor(
    private readonly tasks: TasksService,
    @Inject(StorageService) private readonly storage: StorageService,
    private readonly queue: ExportQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async columns(taskId: string, kind: FileKind): Promise<FileColumns> {
    const task = await this.tasks.findOrFail(taskId);
    const file = task.files[kind];
    if (!file) throw notFound(ERR.fileNotFound);
    return fileColumns(this.queue, this.config.QUEUE_PREFIX, file.key, kind, this.config.GENERATE_TIMEOUT_MS);
  }

  async sendOriginal(taskId: string, kind: FileKind, res: Response): Promise<void> {
    const task = await this.tasks.findOrFail(taskId);
    const file = task.files[kind];
    if (!file) throw notFound(ERR.fileNotFound);
    const { body, zip } = await sniff(await this.storage.getStream(file.key));
    await sendXlsx(res, body, file.name, file.size, zip ? {} : { 'Content-Type': CSV_MIME });
  }
}

/**
 * Whether a stored original is a workbook (a zip) or a CSV price list, by its first bytes rather
 * than its name (a CSV may be called anything); the stream goes on whole.
 */
async function sniff(stream: Readable): Promise<{ body: Readable; zip: boolean }> {
  const chunks = stream[Symbol.asyncIterator]();
  const first = await chunks.next();
  const head = first.done ? Buffer.alloc(0) : (first.value as Buffer);
  async function* all() {
    if (!first.done) yield head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value as Buffer;
  }
  return { body: Readable.from(all(), { objectMode: false }), zip: head[0] === 0x50 && head[1] === 0x4b };
}
