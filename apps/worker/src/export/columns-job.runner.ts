import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Job } from 'bullmq';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ColumnsJobData, FileColumns } from '@app/contracts';
import { StorageService } from '@app/storage';
import { storedFileFailure } from './attempt-outcome';
import { EngineRunner } from './engine-runner';

/**
 * A columns job (DESIGN §10): the stored file's columns, read by the engine in a bounded engine
 * thread (§15) like every job that opens a user's file: it reads only ~30 rows (~0.1 s on the
 * 100k-row reference list), but a hostile file must never cost the worker process its memory.
 */
@Injectable()
export class ColumnsJobRunner {
  constructor(
    @Inject(StorageService) private readonly storage: StorageService,
    private readonly engine: EngineRunner,
    private readonly logger: PinoLogger,
  ) {}

  async run(job: Job<ColumnsJobData>): Promise<FileColumns> {
    const { objectKey, kind } = job.data;
    const started = Date.now();
    const dir = await mkdtemp(join(tmpdir(), 'price-export-columns-'));
    try {
      const path = join(dir, kind);
      await this.storage.downloadTo(objectKey, path);
      const columns = await this.engine.columns(path, kind);
      this.logger.info({ jobId: job.id, kind, headerRow: columns.headerRow, ms: Date.now() - started }, 'columns read');
      return columns;
    } catch (error) {
      throw this.failure(job, error as Error);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private failure(job: Job<ColumnsJobData>, error: Error): Error {
    const { final, thrown } = storedFileFailure(job, error);
    this.logger.warn({ jobId: job.id, err: error.message, final }, 'columns attempt failed');
    return thrown;
  }
}
