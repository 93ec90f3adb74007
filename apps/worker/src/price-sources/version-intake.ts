import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CSV_MIME, SOURCE_RUN_TEXT, XLSX_MIME, storedFileName } from '@app/contracts';
import { PriceListVersionsRepository, UnownedObjectsRepository, type Actor, type VersionOrigin } from '@app/persistence';
import { StorageService, storageKeys } from '@app/storage';
import { EngineRejection, EngineRunner } from '../export/engine-runner';

/** A file a source gave (DESIGN §16): on local disk, its name as the supplier gave it, its sha256. */
export interface FetchedFile {
  path: string;
  fileName: string;
  size: number;
  sha256: string;
}

/** A fetched file the upload check refuses: the run fails with this message, no version is made. */
export class NotAPriceList extends Error {}

/**
 * A fetched or mailed file becomes a version of its list as an upload by hand does (DESIGN §16):
 * checked by content in a bounded engine thread (a file that is not a price list makes no
 * version), stored under a fresh key listed as unowned until the version's row takes it, the row
 * made by the person or Автоматически the poll runs for. A mailed version records its message
 * in the same transaction, so a message is never taken twice.
 */
@Injectable()
export class VersionIntake {
  constructor(
    private readonly versions: PriceListVersionsRepository,
    private readonly unowned: UnownedObjectsRepository,
    private readonly engine: EngineRunner,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  /** The new version's id; null when the list is gone. Rejects with NotAPriceList. */
  async add(actor: Actor, listId: string, file: FetchedFile, origin: VersionOrigin, messageId?: string): Promise<string | null> {
    const name = storedFileName(file.fileName);
    let format: 'xlsx' | 'csv';
    try {
      format = await this.engine.inspectPrice(file.path);
    } catch (error) {
      if (error instanceof EngineRejection) throw new NotAPriceList(SOURCE_RUN_TEXT.notPriceList(name, error.message));
      throw error;
    }
    const key = storageKeys.priceVersion(listId, randomUUID());
    await this.unowned.expect(key);
    await this.storage.putFile(key, file.path, format === 'csv' ? CSV_MIME : XLSX_MIME);
    const added = await this.versions.add(actor, listId, { key, name, size: file.size, format, sha256: file.sha256 }, origin, messageId);
    if (added === 'swept') throw new Error('the stored version was removed as unowned before its row took it; storing it again');
    return added?.version.id ?? null;
  }
}
