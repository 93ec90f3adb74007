import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { freemem } from 'node:os';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { SharedPrice } from '@app/export-engine';
import { BatchRowsRepository, type BatchTaskInput, type StoredFile } from '@app/persistence';
import { EngineRunner } from '../export/engine-runner';
import { exportSlots } from '../export/export-slots';
import { PriceShareCache } from './price-share.cache';

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

const IDLE_MS = 5 * 60_000;
/** Below this much free memory no share is built or kept. */
const FREE_MIN_BYTES = 256 * 2 ** 20;

/**
 * DESIGN §12 "Speed": the exports of a batch on the same price file share one read of it, built
 * in an engine thread from the union of those tasks' items and mapped price columns (read from
 * PostgreSQL when the first child asks). Each worker builds its own, so two workers split the
 * children and both go fast. A child without a share (none built, failed, evicted) reads the
 * file itself: the export is the same either way.
 */
@Injectable()
export class BatchPriceShares {
  private readonly cache: PriceShareCache<SharedPrice | null>;

  constructor(
    private readonly rows: BatchRowsRepository,
    private readonly engine: EngineRunner,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly logger: PinoLogger,
  ) {
    const budget = exportSlots(config).budgetMb * 2 ** 20;
    this.cache = new PriceShareCache({
      maxEntries: 2,
      idleMs: IDLE_MS,
      buildTimeoutMs: config.GENERATE_TIMEOUT_MS,
      memoryShort: () => process.memoryUsage().rss > budget || freemem() < FREE_MIN_BYTES,
    });
  }

  /** The batch's share of `source` for a child whose copy of the file is at `pricePath`. */
  async forChild(batchId: string, source: PriceSource, pricePath: string): Promise<SharedPrice | undefined> {
    return (await this.cache.get(batchId, source.key, () => this.build(batchId, source, pricePath))) ?? undefined;
  }

  /** A child has ended: once the batch has no row left to make, its shares go. */
  async childEnded(batchId: string): Promise<void> {
    if (!(await this.rows.running(batchId).catch(() => true))) this.release(batchId);
  }

  release(batchId: string): void {
    this.cache.release(batchId);
  }

  private async build(batchId: string, source: PriceSource, pricePath: string): Promise<SharedPrice | null> {
    const started = Date.now();
    const tasks = (await this.rows.tasks(batchId)).filter((t) => source.sameFile(t));
    // One task alone gains nothing from a shared read: it reads the file itself.
    if (tasks.length < 2) return null;
    const items = tasks.flatMap((t) => t.items);
    const columns = [...new Set(tasks.flatMap((t) => Object.keys(t.mapping.priceToTemplate).map(Number)))];
    try {
      const share = await this.engine.share(pricePath, items, columns);
      this.logger.info({ batchId, tasks: tasks.length, items: items.length, ms: Date.now() - started }, 'shared price read built');
      return share;
    } catch (error) {
      this.logger.warn({ batchId, err: (error as Error).message }, 'shared price read failed; each export reads the file itself');
      throw error;
    }
  }
}
