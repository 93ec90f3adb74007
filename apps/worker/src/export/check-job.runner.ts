import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Job } from 'bullmq';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERR, digestChanges, type CheckJobData, type CheckResponse } from '@app/contracts';
import { checkRowResult } from '../batch/check-row-result';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { BatchRowsRepository, ExportsRepository, PriceListVersionsRepository, ProfilesRepository, TasksRepository } from '@app/persistence';
import { attemptOutcome } from './attempt-outcome';
import { EngineRejection, EngineRunner } from './engine-runner';
import { JobFilesService } from './job-files';
import { OutageWait } from './outage-wait';
import { settleAll } from './settle-all';

/**
 * A check (DESIGN §11): the engine's dry run on the task as it is now, in an engine thread like an
 * export, compared with the task's newest export. Nothing is stored: the answer is the job's result.
 * Like an export, it waits out a database outage (OutageWait). A batch's check (DESIGN §12) writes
 * its row instead: running at the start, then its counts or its error; its job keeps no result.
 */
@Injectable()
export class CheckJobRunner {
  constructor(
    private readonly tasks: TasksRepository,
    private readonly profiles: ProfilesRepository,
    private readonly exports: ExportsRepository,
    private readonly batchRows: BatchRowsRepository,
    private readonly versions: PriceListVersionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly files: JobFilesService,
    private readonly engine: EngineRunner,
    private readonly logger: PinoLogger,
  ) {}

  async run(job: Job<CheckJobData>): Promise<CheckResponse | null> {
    const { taskId, batchId, position } = job.data;
    const started = Date.now();
    const wait = new OutageWait(job, this.config.GENERATE_TIMEOUT_MS);
    const row = batchId !== undefined && position !== undefined ? { batchId, position } : null;
    if (row && !(await wait.database(() => this.batchRows.startCheck(row.batchId, row.position)))) {
      this.logger.info({ jobId: job.id, ...row }, 'batch row already ended; nothing to do');
      return null;
    }
    const dir = await mkdtemp(join(tmpdir(), 'price-export-check-'));
    this.files.childStarted(batchId);
    try {
      const task = await wait.database(() => this.tasks.find(taskId));
      if (!task) throw new EngineRejection(ERR.taskNotFound, undefined, 404);
      // A task that follows a price list is checked against the list's current version (DESIGN §12).
      const price = await wait.database(() => this.versions.priceFileOf(task));
      // A batch's check reads the batch's shared read of the list, as its exports do (§12 "Speed").
      const [files, profile, previous] = await settleAll([
        this.files.open(task, price, batchId, dir),
        wait.database(() => this.profiles.find(task.profileId)),
        wait.database(() => this.exports.newestDigest(taskId)),
      ]);
      const { digest, ...check } = await files.run((pricePath, share) => this.engine.check({ price: pricePath, template: files.template, items: task.items, mapping: task.mapping, remembered: profile?.headers }, share));
      const changes = previous ? digestChanges(previous.digest, digest, previous.finishedAt.toISOString()) : null;
      this.logger.info({ jobId: job.id, taskId, rows: check.rowsTotal, warnings: check.warnings.length, ms: Date.now() - started }, 'check done');
      if (!row) return { ...check, changes };
      await wait.database(() => this.batchRows.finishCheck(row.batchId, row.position, checkRowResult(check, changes)));
      return null;
    } catch (error) {
      throw await this.failure(job, error as Error, row);
    } finally {
      await this.files.childEnded(batchId).finally(() => rm(dir, { recursive: true, force: true }));
    }
  }

  /** As an export's: a refused workbook is final (422), an outage is retried and then 503. */
  private async failure(job: Job<CheckJobData>, error: Error, row: { batchId: string; position: number } | null): Promise<Error> {
    const refused = error instanceof EngineRejection ? error : undefined;
    const outcome = attemptOutcome(job, error, refused?.message, refused?.status);
    this.logger.warn({ jobId: job.id, err: error.message, final: outcome.final }, 'check attempt failed');
    if (!outcome.final) return error;
    if (row) {
      const message = outcome.failure.status === 500 ? ERR.checkFailed : outcome.failure.error;
      // Unwritten, the row is the reconciler's: it reads the job's failure from Redis.
      await this.batchRows.failCheck(row.batchId, row.position, message).catch((err: Error) => this.logger.warn({ err: err.message }, 'could not record the failed check on its batch row'));
    }
    return outcome.thrown;
  }
}
