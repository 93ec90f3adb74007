import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Job } from 'bullmq';
import type { VersionRowsJobData } from '@app/contracts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { PriceListVersionsRepository } from '@app/persistence';
import { StorageService } from '@app/storage';
import { storedFileFailure } from './attempt-outcome';
import { EngineRunner } from './engine-runner';
import { OutageWait } from './outage-wait';

/**
 * A price-list version's data rows (DESIGN §12), counted after its upload and written on its row.
 * In an engine thread, as an export: one scanner pass over the sheet besides the header's (~0.25 s
 * on the 100k-row reference list, seconds on the biggest uploads) would otherwise hold up every
 * other job of this worker, batches' exports included.
 */
@Injectable()
export class VersionRowsJobRunner {
  constructor(
    private readonly versions: PriceListVersionsRepository,
    @Inject(StorageService) private readonly storage: StorageService,
    private readonly engine: EngineRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {}

  async run(job: Job<VersionRowsJobData>): Promise<null> {
    const started = Date.now();
    // Its reads and its write wait out a database outage, as an export's do.
    const wait = new OutageWait(job, this.config.GENERATE_TIMEOUT_MS);
    const dir = await mkdtemp(join(tmpdir(), 'price-export-rows-'));
    try {
      const version = await wait.database(() => this.versions.byId(job.data.versionId));
      // Removed meanwhile (retention, its list deleted), or counted by an earlier attempt.
      if (!version || version.rows !== null) return null;
      const path = join(dir, 'price');
      await this.storage.downloadTo(version.objectKey, path);
      const rows = await this.engine.countRows(path);
      await wait.database(() => this.versions.setRows(version.id, rows));
      this.logger.info({ jobId: job.id, versionId: version.id, rows, ms: Date.now() - started }, 'version rows counted');
      return null;
    } catch (error) {
      const { final, thrown } = storedFileFailure(job, error as Error);
      this.logger.warn({ jobId: job.id, err: (error as Error).message, final }, 'version rows attempt failed');
      throw thrown;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
