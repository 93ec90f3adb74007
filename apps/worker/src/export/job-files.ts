import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { StoredFile, TaskEntity, TaskPriceFile } from '@app/persistence';
import { StorageService } from '@app/storage';
import { BatchFiles } from '../batch/batch-files';
import { BatchPriceShares, priceSourceOf } from '../batch/batch-price-shares';
import { RunningChildren } from '../batch/running-children';
import { runFromShare, type EngineCall } from './share-run';
import { settleAll } from './settle-all';
import { downloadTaskFiles, taskFile } from './task-files';

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
  private readonly running = new RunningChildren();

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
    if (!share) {
      // No other task of the batch reads this file (or no read could be shared): the child's own download.
      const path = await taskFile(price.file, dir, 'price', (file, to) => this.storage.downloadTo(file.key, to));
      return { template, run: (call) => call(path) };
    }
    const onMiss = () => this.logger.info({ batchId, taskId: task.id }, 'the shared price read does not answer for this task; it reads its price file');
    return { template, run: (call) => runFromShare(share, call, () => taskFile(price.file, dir, 'price', fromBatch), onMiss) };
  }

  /** A batch's child begins; paired with childEnded in the same job run. */
  childStarted(batchId: string | undefined): void {
    if (batchId) this.running.begin(batchId);
  }

  /**
   * A batch's child has ended: when it was this worker's last running child of the batch, the
   * batch's shares and files go if no row of it is left (a query only then, not after every child).
   */
  async childEnded(batchId: string | undefined): Promise<void> {
    if (batchId && this.running.end(batchId)) await this.shares.childEnded(batchId);
  }
}
