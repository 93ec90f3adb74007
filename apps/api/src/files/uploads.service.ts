import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ERR, type FileKind, type UploadResponse } from '@app/contracts';
import { TasksRepository, type Actor, type StoredFile } from '@app/persistence';
import { storageKeys } from '@app/storage';
import { TasksService } from '../tasks/tasks.service';
import { UserError, notFound } from '../common/user-error';
import { HeaderGuardService } from '../header-guard/header-guard.service';
import { UploadStorer, type UploadedTempFile } from './upload-storer';

export type { UploadedTempFile };

/**
 * An upload is checked and stored by UploadStorer, and only then swapped into the task in one
 * transaction. The old object is not removed here: exports and checks that read the task a moment
 * before may still be fetching it, so the swap lists it for housekeeping, which removes it after
 * STORAGE_GRACE_MS. A failure at any step leaves the previous file and record as they were, and a
 * new object nothing points at is removed (here, or by housekeeping). The answer carries what the
 * template guard found in the new file (DESIGN §10).
 */
@Injectable()
export class UploadsService {
  constructor(
    private readonly tasks: TasksService,
    private readonly repository: TasksRepository,
    private readonly storer: UploadStorer,
    private readonly guard: HeaderGuardService,
  ) {}

  async upload(actor: Actor, taskId: string, kind: FileKind, file: UploadedTempFile | undefined): Promise<UploadResponse> {
    await this.tasks.findOrFail(taskId);
    const upload = await this.storer.store(file, kind, storageKeys.upload(taskId, kind, randomUUID()));
    const stored: StoredFile = { key: upload.key, name: upload.name, size: upload.size, uploadedAt: new Date().toISOString() };

    let swapped;
    try {
      swapped = await this.repository.setFile(actor, taskId, kind, stored, upload.sha256);
    } catch (error) {
      await this.storer.discard(stored.key);
      throw error;
    }
    if (!swapped) {
      await this.storer.discard(stored.key);
      throw notFound(ERR.taskNotFound);
    }
    // Stored more slowly than the grace period: housekeeping has removed it as unowned.
    if (swapped === 'swept') throw new UserError(503, ERR.serviceUnavailable);
    return { ...(await this.tasks.present(swapped.task)), headerChanges: await this.guard.afterUpload(swapped.task, kind) };
  }
}
