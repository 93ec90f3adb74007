import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { CSV_MIME, ERR, XLSX_MIME, type FileKind, type UploadResponse } from '@app/contracts';
import { EngineError, inspectPriceList, inspectTemplate } from '@app/export-engine';
import { TasksRepository, UnownedObjectsRepository, type Actor, type StoredFile } from '@app/persistence';
import { StorageService, storageKeys } from '@app/storage';
import { TasksService } from '../tasks/tasks.service';
import { toTask } from '../tasks/task.mapper';
import { UserError, badRequest, notFound, unprocessable } from '../common/user-error';
import { originalFileName } from './original-file-name';
import { HeaderGuardService } from '../header-guard/header-guard.service';

export interface UploadedTempFile {
  path: string;
  size: number;
  originalname: string;
}

/**
 * An upload is checked by content before anything is stored, written under a fresh key (listed
 * as unowned until the swap), and only then swapped into the task in one transaction. The old
 * object is not removed here: exports and checks that read the task a moment before may still be
 * fetching it, so the swap lists it for housekeeping, which removes it after STORAGE_GRACE_MS. A
 * failure at any step leaves the previous file and record as they were, and a new object nothing
 * points at is removed (here, or by housekeeping). The answer carries what the template guard
 * found in the new file (DESIGN §10).
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);

  constructor(
    private readonly tasks: TasksService,
    private readonly repository: TasksRepository,
    private readonly unowned: UnownedObjectsRepository,
    @Inject(StorageService) private readonly storage: StorageService,
    private readonly guard: HeaderGuardService,
  ) {}

  async upload(actor: Actor, taskId: string, kind: FileKind, file: UploadedTempFile | undefined): Promise<UploadResponse> {
    await this.tasks.findOrFail(taskId);
    if (!file) throw badRequest(ERR.noFile);
    const format = await this.inspect(file.path, kind);

    const stored: StoredFile = {
      key: storageKeys.upload(taskId, kind, randomUUID()),
      name: originalFileName(file.originalname),
      size: file.size,
      uploadedAt: new Date().toISOString(),
    };
    await this.unowned.expect(stored.key);
    const [sha256] = await Promise.all([sha256Of(file.path), this.storage.putFile(stored.key, file.path, format === 'csv' ? CSV_MIME : XLSX_MIME)]);

    let swapped;
    try {
      swapped = await this.repository.setFile(actor, taskId, kind, stored, sha256);
    } catch (error) {
      await this.removeQuietly(stored.key);
      throw error;
    }
    if (!swapped) {
      await this.removeQuietly(stored.key);
      throw notFound(ERR.taskNotFound);
    }
    // Stored more slowly than the grace period: housekeeping has removed it as unowned.
    if (swapped === 'swept') throw new UserError(503, ERR.serviceUnavailable);
    return { ...toTask(swapped.task), headerChanges: await this.guard.afterUpload(swapped.task, kind) };
  }

  /**
   * A price list may also be a CSV (DESIGN §6); a template is a workbook, so text stays refused,
   * and one whose data sheet is too big to export is refused now, not at `Сформировать`.
   */
  private async inspect(path: string, kind: FileKind): Promise<'xlsx' | 'csv'> {
    try {
      if (kind === 'price') return await inspectPriceList(path);
      await inspectTemplate(path);
      return 'xlsx';
    } catch (error) {
      if (error instanceof EngineError) throw unprocessable((error as Error).message);
      throw error;
    }
  }

  private async removeQuietly(key: string): Promise<void> {
    await this.storage.remove(key).catch((err) => this.logger.warn({ err, key }, 'could not remove object'));
  }
}

/** The file's sha256 for the journal (DESIGN §13), read while the same file goes to storage. */
async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
