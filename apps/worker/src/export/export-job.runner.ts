import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PinoLogger } from 'nestjs-pino';
import { UnrecoverableError, type Job } from 'bullmq';
import { DataSource, Not } from 'typeorm';
import { ERR, XLSX_MIME, type ExportJobData, type ExportJobResult, type ExportReport } from '@app/contracts';
import { ExportEntity, exportJobContext, markExportDone, markExportRunning } from '@app/persistence';
import { ExportHandoff, StorageService, storageKeys } from '@app/storage';
import { EngineProcess } from './engine-process';
import { EngineRejection } from './engine.protocol';
import { ObjectCache } from './object-cache';

/**
 * One export job: fetch the task's files, run the engine in a thread, store the workbook under a
 * key derived from the export id (so a retried job overwrites, never duplicates) and record the
 * outcome on the export row exactly once.
 */
@Injectable()
export class ExportJobRunner {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(EngineProcess) private readonly engine: EngineProcess,
    @Inject(ObjectCache) private readonly files: ObjectCache,
    @Inject(ExportHandoff) private readonly handoff: ExportHandoff,
    private readonly logger: PinoLogger,
  ) {}

  async run(job: Job<ExportJobData, ExportJobResult | null>): Promise<ExportJobResult | null> {
    const { exportId, taskId, priceKey, templateKey } = job.data;
    const log = this.logger.logger.child({ jobId: job.id, exportId, taskId, attempt: job.attemptsMade + 1 });
    const context = await exportJobContext(this.db, exportId);
    if (!context) {
      log.info('export row is gone (task deleted); nothing to do');
      return null;
    }
    if (context.status === 'done' && context.objectKey) return jobResult(exportId, context.objectKey, context.size ?? 0, context.report, false);

    // Recorded while the files are fetched and the engine runs: it is not on the way to the result.
    const marked = markExportRunning(this.db, exportId, String(job.id));
    const started = Date.now();
    const held: { release(): void }[] = [];
    try {
      const [price, template] = await Promise.all([
        this.acquire(priceKey, context.files.price?.key),
        this.acquire(templateKey, context.files.template?.key),
      ]);
      held.push(price, template);
      const downloaded = Date.now();
      const out = await this.engine.run({ price: price.path, template: template.path, items: context.items, mapping: context.mapping });
      const engineDone = Date.now();
      const objectKey = storageKeys.export(taskId, exportId);
      // In Redis for the waiting API at the same time as into storage; only the latter is awaited first.
      const handedOff = this.handoff.offer(exportId, out.xlsx);
      await this.storage.putBuffer(objectKey, out.xlsx, XLSX_MIME);
      const timings = {
        ...out.timings,
        downloadMs: downloaded - started,
        cacheHits: Number(price.hit) + Number(template.hit),
        engineMs: engineDone - downloaded,
        uploadMs: Date.now() - engineDone,
      };
      await marked;
      const saved = await markExportDone(this.db, exportId, { objectKey, size: out.xlsx.length, report: out.report, timings });
      if (!saved && !(await this.db.getRepository(ExportEntity).existsBy({ id: exportId }))) {
        await this.storage.remove(objectKey);
        log.info('task deleted while generating; export discarded');
        return null;
      }
      log.info({ rows: out.report.rows, timings }, 'export done');
      return jobResult(exportId, objectKey, out.xlsx.length, out.report, await handedOff);
    } catch (error) {
      await marked.catch(() => undefined);
      await this.recordFailure(job, error as Error, log);
      throw error instanceof EngineRejection ? new UnrecoverableError(error.message) : error;
    } finally {
      for (const file of held) file.release();
    }
  }

  /**
   * The file as queued; if the user uploaded a new one meanwhile (the old object is removed), the
   * task's current file, which is what the screen now shows.
   */
  private async acquire(queuedKey: string, currentKey: string | undefined) {
    try {
      return await this.files.acquire(queuedKey);
    } catch (error) {
      if (!(error instanceof EngineRejection) || !currentKey || currentKey === queuedKey) throw error;
      return this.files.acquire(currentKey);
    }
  }

  /** Engine refusals are final; other errors are recorded only when no retry is left. */
  private async recordFailure(job: Job<ExportJobData, ExportJobResult | null>, error: Error, log: PinoLogger['logger']): Promise<void> {
    const final = error instanceof EngineRejection || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    log[final ? 'warn' : 'info']({ err: error.message, final }, 'export attempt failed');
    const update = final
      ? { status: 'failed' as const, error: error instanceof EngineRejection ? error.message : ERR.generateFailed, finishedAt: new Date() }
      : { status: 'queued' as const };
    await this.db.getRepository(ExportEntity).update({ id: job.data.exportId, status: Not('done') }, update);
  }
}

function jobResult(exportId: string, objectKey: string, size: number, report: ExportReport | null, handedOff: boolean): ExportJobResult {
  return {
    exportId,
    objectKey,
    size,
    rows: report?.rows ?? 0,
    matched: report ? report.matchedByMa + report.matchedByGm : 0,
    unmatched: report?.unmatched.length ?? 0,
    handedOff,
  };
}
