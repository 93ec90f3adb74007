import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Job } from 'bullmq';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XLSX_MIME, digestChanges, exportWarningCount, type ExportJobData, type ExportJobResult, type ExportReport } from '@app/contracts';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { ExportsRepository, PriceListVersionsRepository, ProfilesRepository, UnownedObjectsRepository } from '@app/persistence';
import { StorageService, storageKeys } from '@app/storage';
import { attemptOutcome } from './attempt-outcome';
import { EngineRejection, EngineRunner } from './engine-runner';
import { JobFilesService } from './job-files';
import { OutageWait } from './outage-wait';
import { settleAll } from './settle-all';
import { ExportDeliveries } from '../mail/export-deliveries';

type ExportJob = Job<ExportJobData, ExportJobResult | null>;

/**
 * One export job: read the export row and its task, fetch the task's files, run the engine (with
 * the headers the task's profile remembers, for the guard), store the workbook under a key
 * derived from the export id (so a retried job overwrites, never duplicates) and record the
 * outcome on the row exactly once, with its digest and what changed since the task's previous
 * export (DESIGN §11). Every status change is a transition of EXPORT_TRANSITIONS. Every query
 * waits out a database outage (OutageWait), so a short one delays the export instead of failing
 * it, and a workbook already stored is recorded once the database is back.
 */
@Injectable()
export class ExportJobRunner {
  constructor(
    private readonly exports: ExportsRepository,
    private readonly profiles: ProfilesRepository,
    private readonly unowned: UnownedObjectsRepository,
    private readonly versions: PriceListVersionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(StorageService) private readonly storage: StorageService,
    private readonly engine: EngineRunner,
    private readonly files: JobFilesService,
    private readonly deliveries: ExportDeliveries,
    private readonly logger: PinoLogger,
  ) {}

  async run(job: ExportJob): Promise<ExportJobResult | null> {
    const { exportId } = job.data;
    const log = this.logger.logger.child({ jobId: job.id, exportId, attempt: job.attemptsMade + 1 });
    const wait = new OutageWait(job, this.config.GENERATE_TIMEOUT_MS);
    const dir = await mkdtemp(join(tmpdir(), 'price-export-job-'));
    this.files.childStarted(job.data.batchId);
    try {
      const row = await wait.database(() => this.exports.withTask(exportId));
      if (!row) {
        log.info('export row is gone (task deleted); nothing to do');
        return null;
      }
      if (row.status === 'done' && row.objectKey) return jobResult(row.objectKey, row.size ?? 0, row.report);
      const { task } = row;
      const started = Date.now();
      // A task that follows a price list reads the list's current version as of now, and the start records which (DESIGN §12).
      const price = await wait.database(() => this.versions.priceFileOf(task));
      if (!(await wait.database(() => this.exports.start(exportId, String(job.id), price.versionId)))) {
        log.info({ status: row.status }, 'export already ended; nothing to do');
        return null;
      }
      // The rest is read while a batch's first child builds its shared price read.
      const [files, profile, previous] = await settleAll([
        this.files.open(task, price, job.data.batchId, dir),
        wait.database(() => this.profiles.find(task.profileId)),
        wait.database(() => this.exports.newestDigest(task.id)),
      ]);
      const downloaded = Date.now();
      const out = await files.run((pricePath, share) => this.engine.run({ price: pricePath, template: files.template, items: task.items, mapping: task.mapping, remembered: profile?.headers }, share));
      const engineDone = Date.now();
      const changes = previous ? digestChanges(previous.digest, out.digest, previous.finishedAt.toISOString()) : null;
      const objectKey = storageKeys.export(task.id, exportId);
      await wait.database(() => this.unowned.expect(objectKey));
      await this.storage.putBuffer(objectKey, out.xlsx, XLSX_MIME);
      const timings = { ...out.timings, downloadMs: downloaded - started, engineMs: engineDone - downloaded, uploadMs: Date.now() - engineDone };
      const done = { objectKey, size: out.xlsx.length, report: out.report, timings, digest: out.digest, changes };
      const outcome = await wait.database(() => this.exports.finish(exportId, done));
      if (outcome === 'swept') throw new Error('the stored export was removed as unowned before its row took it; storing it again');
      if (outcome === 'gone') {
        // Listed as unowned all along: housekeeping removes it if this cannot.
        await this.storage.remove(objectKey).catch((err: Error) => log.warn({ err: err.message }, 'could not remove a discarded export'));
        log.info('task deleted while generating; export discarded');
        return null;
      }
      log.info({ rows: out.report.rows, timings, batchId: job.data.batchId }, 'export done');
      // DESIGN §17: a batch's file goes to its task's recipients as soon as it is made.
      if (job.data.batchId) await this.deliveries.afterExport(exportId);
      return jobResult(objectKey, out.xlsx.length, out.report);
    } catch (error) {
      throw await this.failure(job, error as Error, log);
    } finally {
      await this.files.childEnded(job.data.batchId).finally(() => rm(dir, { recursive: true, force: true }));
    }
  }

  /** Records a failed attempt on the row (queued again, or failed) and gives what the job is to throw. */
  private async failure(job: ExportJob, error: Error, log: PinoLogger['logger']): Promise<Error> {
    const { exportId } = job.data;
    const outcome = attemptOutcome(job, error, error instanceof EngineRejection ? error.message : undefined);
    log[outcome.final ? 'warn' : 'info']({ err: error.message, final: outcome.final }, 'export attempt failed');
    if (!outcome.final) {
      await this.record(() => this.exports.retry(exportId), log);
      return error;
    }
    await this.record(() => this.exports.fail(exportId, outcome.failure.error), log);
    return outcome.thrown;
  }

  /**
   * The row is written when it can be; the job's outcome must reach the API either way (a row
   * left unfinished is the reconciler's, which reads the job's outcome from Redis).
   */
  private async record(write: () => Promise<void>, log: PinoLogger['logger']): Promise<void> {
    await write().catch((err: Error) => log.warn({ err: err.message }, 'could not record the attempt on the export row'));
  }
}

function jobResult(objectKey: string, size: number, report: ExportReport | null): ExportJobResult {
  return {
    objectKey,
    size,
    rows: report?.rows ?? 0,
    matched: report ? report.matchedByMa + report.matchedByGm : 0,
    unmatched: report?.unmatched.length ?? 0,
    warnings: report ? exportWarningCount(report) : 0,
  };
}
