import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Job } from 'bullmq';
import type { VersionRowsJobData } from '@app/contracts';
import { countPriceRows } from '@app/export-engine';
import { PriceListVersionsRepository } from '@app/persistence';
import { StorageService } from '@app/storage';
import { storedFileFailure } from './attempt-outcome';

/**
 * A price-list version's data rows (DESIGN §12), counted after its upload and written on its row.
 * In this process, as a columns job: one scanner pass over the sheet besides the header's, ~0.25 s
 * on the 100k-row reference list, short next to the job lock's renewal interval.
 */
@Injectable()
export class VersionRowsJobRunner {
  constructor(
    private readonly versions: PriceListVersionsRepository,
    @Inject(StorageService) private readonly storage: StorageService,
    private readonly logger: PinoLogger,
  ) {}

  async run(job: Job<VersionRowsJobData>): Promise<null> {
    const started = Date.now();
    try {
      const version = await this.versions.byId(job.data.versionId);
      // Removed meanwhile (retention, its list deleted), or counted by an earlier attempt.
      if (!version || version.rows !== null) return null;
      const rows = await countPriceRows(await this.storage.getBuffer(version.objectKey));
      await this.versions.setRows(version.id, rows);
      this.logger.info({ jobId: job.id, versionId: version.id, rows, ms: Date.now() - started }, 'version rows counted');
      return null;
    } catch (error) {
      const { final, thrown } = storedFileFailure(job, error as Error);
      this.logger.warn({ jobId: job.id, err: (error as Error).message, final }, 'version rows attempt failed');
      throw thrown;
    }
  }
}
