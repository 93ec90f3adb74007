import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { ERR, PRICE_LIST_ERR, type AddPriceVersionResponse, type FileColumns, type PriceList, type PriceListVersion } from '@app/contracts';
import type { createPriceListSchema, patchPriceListSchema } from '@app/contracts/price-list.schemas';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { PriceListVersionsRepository, PriceListsRepository, type Actor, type PriceListRefusal, type PriceListRow, type PriceListVersionEntity } from '@app/persistence';
import { StorageService, storageKeys } from '@app/storage';
import type { z } from 'zod';
import { UserError, conflict, notFound } from '../common/user-error';
import { ExportQueueService } from '../queue/export-queue.service';
import { fileColumns } from '../files/file-columns.loader';
import { sendOriginal } from '../files/send-original';
import { UploadStorer, type UploadedTempFile } from '../files/upload-storer';
import { toPriceList, toPriceListVersion } from './price-list.mapper';

const answer = (result: PriceListRow | PriceListRefusal | null): PriceList => {
  if (result === null) throw notFound(PRICE_LIST_ERR.notFound);
  if (result === 'taken') throw conflict(PRICE_LIST_ERR.nameTaken);
  if (result === 'changed') throw conflict(PRICE_LIST_ERR.changed);
  return toPriceList(result);
};

/** The library of price lists (DESIGN §12): lists, their versions (uploaded as a task's price is), their files and columns. */
@Injectable()
export class PriceListsService {
  private readonly logger = new Logger(PriceListsService.name);

  constructor(
    private readonly lists: PriceListsRepository,
    private readonly versions: PriceListVersionsRepository,
    private readonly storer: UploadStorer,
    private readonly queue: ExportQueueService,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(): Promise<PriceList[]> {
    return (await this.lists.list()).map(toPriceList);
  }

  async get(id: string): Promise<PriceList> {
    return answer(await this.lists.find(id));
  }

  async create(actor: Actor, body: z.output<typeof createPriceListSchema>): Promise<PriceList> {
    return answer(await this.lists.create(actor, body.name));
  }

  async rename(actor: Actor, id: string, body: z.output<typeof patchPriceListSchema>): Promise<PriceList> {
    return answer(await this.lists.rename(actor, id, body));
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const result = await this.lists.delete(actor, id);
    if (result === false) throw notFound(PRICE_LIST_ERR.notFound);
    if (result !== true) throw conflict(PRICE_LIST_ERR.inUse(result.inUse));
  }

  /**
   * Checked and stored as a task's price upload is; the list's newest version once its row takes
   * the object. Its rows are counted by a worker afterwards: the answer does not wait for a pass
   * over the sheet, and the API never reads one (DESIGN §10).
   */
  async addVersion(actor: Actor, id: string, file: UploadedTempFile | undefined): Promise<AddPriceVersionResponse> {
    await this.get(id);
    const stored = await this.storer.store(file, 'price', storageKeys.priceVersion(id, randomUUID()));
    let added;
    try {
      added = await this.versions.add(actor, id, stored);
    } catch (error) {
      await this.storer.discard(stored.key);
      throw error;
    }
    if (!added) {
      await this.storer.discard(stored.key);
      throw notFound(PRICE_LIST_ERR.notFound);
    }
    if (added === 'swept') throw new UserError(503, ERR.serviceUnavailable);
    await this.countRows([added.version.id]);
    return { version: toPriceListVersion(added.version), taskIds: added.taskIds };
  }

  /** Versions not counted yet (uploaded before counts were kept, or their count was lost) are queued again. */
  async listVersions(id: string): Promise<PriceListVersion[]> {
    await this.get(id);
    const versions = await this.versions.list(id);
    await this.countRows(versions.filter((v) => v.rows === null).map((v) => v.id));
    return versions.map(toPriceListVersion);
  }

  async sendVersion(id: string, versionId: string, res: Response): Promise<void> {
    const v = await this.version(id, versionId);
    await sendOriginal(this.storage, { key: v.objectKey, name: v.name, size: v.size }, res);
  }

  /** As a task's price columns (DESIGN §10): read by a worker, cached per stored object. */
  async columns(id: string, versionId: string): Promise<FileColumns> {
    const v = await this.version(id, versionId);
    return fileColumns(this.queue, this.config.QUEUE_PREFIX, v.objectKey, 'price', this.config.GENERATE_TIMEOUT_MS);
  }

  /** A queue that cannot take the count costs only the count: `rows` stays null until the next listing. */
  private async countRows(versionIds: string[]): Promise<void> {
    await this.queue.addVersionRows(versionIds).catch((err: Error) => this.logger.warn({ err: err.message, versionIds }, 'could not queue a count of version rows'));
  }

  private async version(id: string, versionId: string): Promise<PriceListVersionEntity> {
    const v = await this.versions.find(id, versionId);
    if (v) return v;
    await this.get(id);
    throw notFound(PRICE_LIST_ERR.versionNotFound);
  }
}
