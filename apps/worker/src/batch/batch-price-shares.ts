import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { mkdtemp, rm } from 'node:fs/promises';
import { freemem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { BatchRowsRepository, type BatchTaskInput, type StoredFile } from '@app/persistence';
import { EngineBoundExceeded, EngineRunner, type PriceShare } from '../export/engine-runner';
import { exportSlots } from '../export/export-slots';
import { PriceShareCache } from './price-share.cache';
import { ShareExchange } from './share-exchange';
import { BATCH_IDLE_MS, BatchFiles } from './batch-files';

/** Which price file a child reads: its cache key, and which of the batch's tasks read the same. */
export interface PriceSource {
  key: string;
  sameFile(task: BatchTaskInput): boolean;
}

/**
 * A task's own uploaded price file (not a library list), named by its content when its sha256 is
 * known (tasks given the same weekly file share one read), else by its object key.
 */
export function ownFileSource(file: StoredFile): PriceSource {
  const name = (f: StoredFile | null) => (f ? (f.sha256 ? `sha256:${f.sha256}` : `file:${f.key}`) : null);
  const key = name(file)!;
  return { key, sameFile: (t) => t.priceListId === null && name(t.files.price) === key };
}

/**
 * What a child reads: the current version of the list its task follows (tasks following the
 * same list share it; a version uploaded mid-batch is another key), else its own file.
 */
export function priceSourceOf(priceListId: string | null, price: { file: StoredFile | null; versionId: string | null }): PriceSource | null {
  if (priceListId && price.versionId) return { key: `version:${price.versionId}`, sameFile: (t) => t.priceListId === priceListId };
  return price.file ? ownFileSource(price.file) : null;
}

/**
 * The batch's read of a file ran past an engine thread's bounds (DESIGN §15): every child reading
 * that file is refused alike at once, instead of each reading it again up to the same bound.
 */
class RefusedShare {
  constructor(readonly refusal: EngineBoundExceeded) {}
}

/** Below this much free memory no share is built or kept. */
const FREE_MIN_BYTES = 256 * 2 ** 20;

/**
 * DESIGN §12 "Speed": the exports of a batch on the same price file share one read of it, built
 * in an engine thread from the union of those tasks' items and mapped price columns (read from
 * PostgreSQL when the first child asks). One worker builds it and hands it to the batch's other
 * workers through Redis (ShareExchange), so two workers split the children without both reading
 * the list at once on the same cores. A child without a share (none built, failed, evicted) reads
 * the file itself: the export is the same either way.
 */
@Injectable()
export class BatchPriceShares implements OnApplicationShutdown {
  private readonly cache: PriceShareCache<PriceShare | RefusedShare | null>;
  /** The price keys of each batch this worker asked the exchange for, to delete them at its end. */
  private readonly exchanged = new Map<string, Set<string>>();

  constructor(
    private readonly rows: BatchRowsRepository,
    private readonly engine: EngineRunner,
    private readonly files: BatchFiles,
    private readonly exchange: ShareExchange,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly logger: PinoLogger,
  ) {
    const budget = exportSlots(config).budgetMb * 2 ** 20;
    this.cache = new PriceShareCache({
      maxEntries: 2,
      idleMs: BATCH_IDLE_MS,
      buildTimeoutMs: config.GENERATE_TIMEOUT_MS,
      memoryShort: () => process.memoryUsage().rss > budget || freemem() < FREE_MIN_BYTES,
      dispose: (share) => share instanceof RefusedShare || engine.forget(share),
    });
  }

  /**
   * The batch's read of `source` for a child: built by the first child that asks (or fetched from
   * the worker that built it), awaited by those asking meanwhile; undefined when there is none
   * (the child reads the file itself). Rejects with the read's EngineBoundExceeded when it ran past a bound.
   */
  async forChild(batchId: string, source: PriceSource, file: StoredFile): Promise<PriceShare | undefined> {
    const share = await this.cache.get(batchId, source.key, () => this.build(batchId, source, file));
    if (share instanceof RefusedShare) throw share.refusal;
    return share ?? undefined;
  }

  /** A child has ended: once the batch has no row left to make, its shares and files go (asked only while this worker keeps some). */
  async childEnded(batchId: string): Promise<void> {
    const holds = this.cache.holds(batchId) || this.files.holds(batchId) || this.exchanged.has(batchId);
    if (holds && !(await this.rows.running(batchId).catch(() => true))) this.release(batchId);
  }

  release(batchId: string): void {
    this.cache.release(batchId);
    void this.files.release(batchId);
    const keys = this.exchanged.get(batchId);
    this.exchanged.delete(batchId);
    if (keys) void this.exchange.release(batchId, [...keys]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.files.releaseAll();
    await this.exchange.close();
  }

  /** Only the worker that builds the share downloads the price list for it; the others fetch the share. */
  private async build(batchId: string, source: PriceSource, file: StoredFile): Promise<PriceShare | RefusedShare | null> {
    const started = Date.now();
    const tasks = (await this.rows.tasks(batchId)).filter((t) => source.sameFile(t));
    // One task alone gains nothing from a shared read: it reads the file itself.
    if (tasks.length < 2) return null;
    const items = tasks.flatMap((t) => t.items);
    const columns = [...new Set(tasks.flatMap((t) => Object.keys(t.mapping.priceToTemplate).map(Number)))];
    const headers = tasks.some((t) => t.guardsPriceHeaders);
    const phases: Record<string, number> = { tasks: Date.now() - started };
    try {
      this.exchanged.set(batchId, (this.exchanged.get(batchId) ?? new Set()).add(source.key));
      const share = await this.exchange.obtain(batchId, source.key, async () => {
        const at = Date.now();
        // A link of the batch's copy of its own: the copy may make room for others while the list is read.
        const dir = await mkdtemp(join(tmpdir(), 'price-export-share-'));
        try {
          const price = join(dir, 'price');
          await this.files.copyTo(batchId, file, price);
          phases.download = Date.now() - at;
          return await this.engine.share({ price, items, repeatColumns: columns, keyColumns: commonKeyColumns(tasks), headers });
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      });
      const ms = Date.now() - started;
      this.logger.info({ batchId, tasks: tasks.length, items: items.length, bytes: share.bytes.byteLength, ms, phases }, phases.download === undefined ? 'shared price read fetched' : 'shared price read built');
      return share;
    } catch (error) {
      if (error instanceof EngineBoundExceeded) {
        this.logger.warn({ batchId, err: error.message }, 'shared price read ran past an engine bound; the file is refused for each export reading it');
        return new RefusedShare(error);
      }
      this.logger.warn({ batchId, err: (error as Error).message }, 'shared price read failed; each export reads the file itself');
      throw error;
    }
  }
}

/** The key columns every task sets alike (then the share reads as each task's own read does), else none. */
export function commonKeyColumns(tasks: BatchTaskInput[]): { ma: number; gm: number } | undefined {
  const [first] = tasks.map((t) => t.mapping.priceKeys);
  if (!first || first.ma <= 0 || first.gm <= 0) return undefined;
  return tasks.every((t) => t.mapping.priceKeys.ma === first.ma && t.mapping.priceKeys.gm === first.gm) ? { ma: first.ma, gm: first.gm } : undefined;
}
