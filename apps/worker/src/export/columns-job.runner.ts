import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { UnrecoverableError, type Job } from 'bullmq';
import { ERR, encodeExportFailure, isOutage, type ColumnsJobData, type ExportFailure, type FileColumns } from '@app/contracts';
import { EngineError, readColumns } from '@app/export-engine';
import { StorageService, isNotFound } from '@app/storage';

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

  /** A file the engine refuses, or one gone from storage, is final; an outage is retried, then 503. */
  private failure(job: Job<ColumnsJobData>, error: Error): Error {
    const refused = error instanceof EngineError || isNotFound(error);
    const final = refused || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    this.logger.warn({ jobId: job.id, err: error.message, final }, 'columns attempt failed');
    if (!final) return error;
    const failure: ExportFailure = refused
      ? { status: 422, error: error instanceof EngineError ? error.message : ERR.fileNotFound }
      : isOutage(error)
        ? { status: 503, error: ERR.serviceUnavailable }
        : { status: 500, error: ERR.generateFailed };
    const reason = encodeExportFailure(failure);
    return refused ? new UnrecoverableError(reason) : new Error(reason);
  }
}
