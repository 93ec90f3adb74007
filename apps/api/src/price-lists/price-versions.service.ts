import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { ERR, PRICE_DIFF_XLSX, PRICE_LIST_ERR, type AddPriceVersionResponse, type FileColumns, type PriceListDiff, type PriceListVersion, type VersionDiffJobResult } from '@app/contracts';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { PriceListVersionsRepository, type Actor, type PriceListEntity, type PriceListVersionEntity } from '@app/persistence';
import { ListRuns } from '@app/queue';
import { StorageService, storageKeys } from '@app/storage';
import { UserError, conflict, notFound } from '../common/user-error';
import { sendXlsx } from '../common/send-xlsx';
import { ExportQueueService, JobTimeoutError } from '../queue/export-queue.service';
import { fileColumns } from '../files/file-columns.loader';
import { sendOriginal } from '../files/send-original';
import { UploadStorer, type UploadedTempFile } from '../files/upload-storer';
import { PriceListsService } from './price-lists.service';
import { toPriceListVersion } from './price-list.mapper';

/**
 * A price list's versions (DESIGN §12, §16): uploaded by hand (checked as a task's price upload
 * is), compared with the current one by a worker before they are used, held or made current;
 * their files, columns and comparisons; staff's `Принять` and `Отклонить`. Whatever makes a
 * version current starts the list's run by itself.
 */
@Injectable()
export class PriceVersionsService {
  private readonly logger = new Logger(PriceVersionsService.name);

  constructor(
    private readonly lists: PriceListsService,
    private readonly versions: PriceListVersionsRepository,
    private readonly storer: UploadStorer,
    private readonly queue: ExportQueueService,
    private readonly runs: ListRuns,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Checked and stored as a task's price upload is, then compared with the current version by a
   * worker (the answer waits for it, as generate waits for its export): 201 with its final status
   * and hold reasons. Its rows are counted by a worker afterwards: the answer does not wait for that.
   */
  async add(actor: Actor, id: string, file: UploadedTempFile | undefined): Promise<AddPriceVersionResponse> {
    await this.lists.get(id);
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
    const { version } = added;
    if (version.status === 'pending') await this.compared(version.id);
    else await this.becameCurrent(version.priceListId, version.id);
    return { version: toPriceListVersion(await this.versions.withPeople(version.id)), taskIds: added.taskIds };
  }

  /** Versions not counted yet (uploaded before counts were kept, or their count was lost) are queued again. */
  async list(id: string): Promise<PriceListVersion[]> {
    await this.lists.get(id);
    const versions = await this.versions.list(id);
    await this.countRows(versions.filter((v) => v.rows === null).map((v) => v.id));
    return versions.map(toPriceListVersion);
  }

  async sendFile(id: string, versionId: string, res: Response): Promise<void> {
    const v = await this.version(id, versionId);
    await sendOriginal(this.storage, { key: v.objectKey, name: v.name, size: v.size }, res);
  }

  /** As a task's price columns (DESIGN §10): read by a worker, cached per stored object. */
  async columns(id: string, versionId: string): Promise<FileColumns> {
    const v = await this.version(id, versionId);
    return fileColumns(this.queue, this.config.QUEUE_PREFIX, v.objectKey, 'price', this.config.GENERATE_TIMEOUT_MS);
  }

  /** Its comparison with the version current before it (lists cut at 500, totals whole). */
  async diff(id: string, versionId: string): Promise<PriceListDiff> {
    const v = await this.version(id, versionId);
    if (!v.diff) throw notFound(PRICE_LIST_ERR.notCompared);
    return v.diff as unknown as PriceListDiff;
  }

  /** Every change of the comparison, as an xlsx. */
  async sendDiffXlsx(id: string, versionId: string, res: Response): Promise<void> {
    const v = await this.version(id, versionId);
    if (!v.diffObjectKey) throw notFound(PRICE_LIST_ERR.notCompared);
    await sendXlsx(res, await this.storage.getStream(v.diffObjectKey), PRICE_DIFF_XLSX.fileName, null);
  }

  /** `Принять` (it becomes current, and the list's run by itself starts) or `Отклонить` of a held version. */
  async decide(actor: Actor, id: string, versionId: string, decision: 'accept' | 'reject'): Promise<PriceListVersion> {
    const decided = await this.versions.decide(actor, id, versionId, decision);
    if (decided === null) {
      await this.lists.get(id);
      throw notFound(PRICE_LIST_ERR.versionNotFound);
    }
    if (decided === 'not-held') throw conflict(PRICE_LIST_ERR.notHeld);
    if (decision === 'accept') await this.startRun(decided.list, versionId);
    return toPriceListVersion(decided.version);
  }

  /**
   * Waits for the worker's comparison, as generate waits for its export. A wait that runs out
   * answers the version as it is (still pending): the comparison goes on and settles it.
   */
  private async compared(versionId: string): Promise<void> {
    try {
      await this.queue.result<VersionDiffJobResult | null>(await this.queue.addVersionDiff(versionId), this.config.GENERATE_TIMEOUT_MS);
    } catch (error) {
      if (!(error instanceof JobTimeoutError)) this.logger.warn({ versionId, err: (error as Error).message }, 'the version’s comparison failed; it stays pending and is queued again');
    }
  }

  /**
   * A list's first version is current at once: its run by itself starts now, and a worker keeps its
   * table for the comparison of the next version (the answer does not wait for that).
   */
  private async becameCurrent(listId: string, versionId: string): Promise<void> {
    const { list } = await this.versions.comparisonInput(versionId).then((input) => input ?? { list: null });
    if (list) await this.startRun(list, versionId);
    await this.queue.addVersionDiff(versionId).catch((err: Error) => this.logger.warn({ versionId, err: err.message }, 'could not queue keeping the first version’s table; the next comparison reads its file'));
  }

  /** A batch that cannot start costs only the batch: the version is current either way. */
  private async startRun(list: PriceListEntity, versionId: string): Promise<void> {
    await this.runs.versionBecameCurrent(list, versionId).catch((err: Error) => this.logger.warn({ priceListId: list.id, err: err.message }, 'the list’s run by itself could not start'));
  }

  /** A queue that cannot take the count costs only the count: `rows` stays null until the next listing. */
  private async countRows(versionIds: string[]): Promise<void> {
    await this.queue.addVersionRows(versionIds).catch((err: Error) => this.logger.warn({ err: err.message, versionIds }, 'could not queue a count of version rows'));
  }

  private async version(id: string, versionId: string): Promise<PriceListVersionEntity> {
    const v = await this.versions.find(id, versionId);
    if (v) return v;
    await this.lists.get(id);
    throw notFound(PRICE_LIST_ERR.versionNotFound);
  }
}
