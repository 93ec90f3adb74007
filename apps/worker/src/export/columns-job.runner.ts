import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Job } from 'bullmq';
import type { ColumnsJobData, FileColumns } from '@app/contracts';
import { readColumns } from '@app/export-engine';
import { StorageService } from '@app/storage';
import { storedFileFailure } from './attempt-outcome';

/**
 * A columns job (DESIGN §10): the stored file's columns, read by the engine in this process rather
 * than an engine thread — it reads 30 rows (a price list's part is inflated to its end for the
 * merges): ~0.1 s on the 100k-row reference list, short next to the job lock's renewal interval.
 */
@Injectable()
export class ColumnsJobRunner {
  constructor(
    @Inject(StorageService) private readonly storage: StorageService,
    private readonly logger: PinoLogger,
  ) {}

  async run(job: Job<ColumnsJobData>): Promise<FileColumns> {
    const { objectKey, kind } = job.data;
    const started = Date.now();
    try {
      const columns = await readColumns(await this.storage.getBuffer(objectKey), kind);
      this.logger.info({ jobId: job.id, kind, headerRow: columns.headerRow, ms: Date.now() - started }, 'columns read');
      return columns;
    } catch (error) {
      throw this.failure(job, error as Error);
    }
  }

  private failure(job: Job<ColumnsJobData>, error: Error): Error {
    const { final, thrown } = storedFileFailure(job, error);
    this.logger.warn({ jobId: job.id, err: error.message, final }, 'columns attempt failed');
    return thrown;
  }
}
