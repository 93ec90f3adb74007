import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { SharedPriceMiss } from '@app/export-engine';
import type { StoredFile, TaskEntity, TaskPriceFile } from '@app/persistence';
import { StorageService } from '@app/storage';
import { BatchFiles } from '../batch/batch-files';
import { BatchPriceShares, priceSourceOf } from '../batch/batch-price-shares';
import type { PriceShare } from './engine-runner';
import { settleAll } from './settle-all';
import { downloadTaskFiles, taskFile } from './task-files';

/** What the engine is run with: the price file (null: not fetched) and the batch's shared read, if any. */
export type EngineCall<T> = (price: string | null, share?: PriceShare) => Promise<T>;

/** A job's files on local disk, ready for the engine. */
export interface JobFiles {
  template: string;
  /** Runs the engine on the task's price list: from the batch's shared read when there is one. */
  run<T>(call: EngineCall<T>): Promise<T>;
}

/**
 * The files of an export or check job (DESIGN §12 "Speed"). Outside a batch, both downloaded.
 * In a batch: the template linked from the batch's one copy on this worker (fetched while the
 * batch's price read is awaited), and the engine run from the shared read without the price file
 * at all; only when the share cannot answer for the task (SharedPriceMiss: its items changed
 * after the read, it guards price headers the read skipped) is the file fetched — the batch's one
 * copy too — and the engine run again on it. Either way the export is the same.
 */
@Injectable()
export class JobFilesService {
  /** Children of each batch running on this worker now. */
  private readonly running = new Map<string, number>();

  constructor(
    @Inject(StorageService) private readonly storage: StorageService,
    private readonly batchFiles: BatchFiles,
    private readonly shares: BatchPriceShares,
    private readonly logger: PinoLogger,
  ) {}

  async open(task: Pick<TaskEntity, 'id' | 'files' | 'priceListId'>, price: TaskPriceFile, batchId: string | undefined, dir: string): Promise<JobFiles> {
    if (!batchId) {
      const files = await downloadTaskFiles(this.storage, { ...task.files, price: price.file }, dir);
      return { template: files.template, run: (call) => call(files.price) };
    }
    const fromBatch = (file: StoredFile, path: string) => this.batchFiles.copyTo(batchId, file, path);
    const source = price.file ? priceSourceOf(task.priceListId, price) : null;
    const [share, template] = await settleAll([
      source ? this.shares.forChild(batchId, source, price.file!) : Promise.resolve(undefined),
      taskFile(task.files.template, dir, 'template', fromBatch),
    ]);
    const priceFile = () => taskFile(price.file, dir, 'price', fromBatch);
    if (!share) {
      const path = await priceFile();
      return { template, run: (call) => call(path) };
    }
    return {
      template,
      run: (call) =>
        call(null, share).catch(async (error: unknown) => {
          if (!(error instanceof SharedPriceMiss)) throw error;
          this.logger.info({ batchId, taskId: task.id }, 'the shared price read does not answer for this task; it reads its price file');
          return call(await priceFile());
        }),
    };
  }

  /** A batch's child begins; paired with childEnded in the same job run. */
  childStarted(batchId: string | undefined): void {
    if (batchId) this.running.set(batchId, (this.running.get(batchId) ?? 0) + 1);
  }

  /**
   * A batch's child has ended: when it was this worker's last running child of the batch, the
   * batch's shares and files go if no row of it is left (a query only then, not after every child).
   */
  async childEnded(batchId: string | undefined): Promise<void> {
    if (!batchId) return;
    const left = (this.running.get(batchId) ?? 1) - 1;
    if (left > 0) {
      this.running.set(batchId, left);
      return;
    }
    this.running.delete(batchId);
    await this.shares.childEnded(batchId);
  }
}
