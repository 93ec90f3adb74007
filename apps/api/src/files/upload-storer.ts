import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { CSV_MIME, ERR, XLSX_MIME, type FileKind } from '@app/contracts';
import { UnownedObjectsRepository } from '@app/persistence';
import { StorageService } from '@app/storage';
import { badRequest } from '../common/user-error';
import { originalFileName } from './original-file-name';
import { UploadInspector } from './upload-inspector';

export interface UploadedTempFile {
  path: string;
  size: number;
  originalname: string;
}

/** A checked upload, stored under its fresh key and listed as unowned until a row takes it. */
export interface StoredUpload {
  key: string;
  name: string;
  size: number;
  format: 'xlsx' | 'csv';
  sha256: string;
}

/**
 * The one way an upload reaches the bucket, for a task's files and a price list's versions alike:
 * checked by content before anything is stored (a price list may be CSV, a template is a workbook
 * whose data sheet must be small enough to export), listed as `writing` under a fresh key before
 * it is put, with its sha256 for the journal. The caller swaps it into its row in one transaction
 * (claiming the key), and on failure discards it; anything left is housekeeping's.
 */
@Injectable()
export class UploadStorer {
  private readonly logger = new Logger(UploadStorer.name);

  constructor(
    private readonly unowned: UnownedObjectsRepository,
    @Inject(StorageService) private readonly storage: StorageService,
    private readonly inspector: UploadInspector,
  ) {}

  async store(file: UploadedTempFile | undefined, kind: FileKind, key: string): Promise<StoredUpload> {
    if (!file) throw badRequest(ERR.noFile);
    const format = await this.inspector.inspect(file.path, kind);
    await this.unowned.expect(key);
    const [sha256] = await Promise.all([sha256Of(file.path), this.storage.putFile(key, file.path, format === 'csv' ? CSV_MIME : XLSX_MIME)]);
    return { key, name: originalFileName(file.originalname), size: file.size, format, sha256 };
  }

  /** A stored upload no row took: removed now (else housekeeping removes it, as it stays listed). */
  async discard(key: string): Promise<void> {
    await this.storage.remove(key).catch((err) => this.logger.warn({ err, key }, 'could not remove object'));
  }
}

/** The file's sha256 for the journal (DESIGN §13), read while the same file goes to storage. */
async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
