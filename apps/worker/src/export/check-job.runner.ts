import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Job } from 'bullmq';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERR, digestChanges, type CheckJobData, type CheckResponse } from '@app/contracts';
import { ExportsRepository, ProfilesRepository, TasksRepository } from '@app/persistence';
import { StorageService } from '@app/storage';
import { attemptOutcome } from './attempt-outcome';
import { EngineRejection, EngineRunner } from './engine-runner';
import { downloadTaskFiles } from './task-files';
import { settleAll } from './settle-all';

/**
 * A check (DESIGN §11): the engine's dry run on the task as it is now, in an engine thread like an
 * export, compared with the task's newest export. Nothing is stored: the answer is the job's result.
 */
@Injectable()
export class CheckJobRunner {
  constructor(
    private readonly tasks: TasksRepository,
    private readonly profiles: ProfilesRepository,
    private readonly exports: ExportsRepository,
    @Inject(StorageService) private readonly storage: StorageService,
    private readonly engine: EngineRunner,
    private readonly logger: PinoLogger,
  ) {}

  async run(job: Job<CheckJobData>): Promise<CheckResponse> {
    const { taskId } = job.data;
    const started = Date.now();
    const dir = await mkdtemp(join(tmpdir(), 'price-export-check-'));
    try {
      const task = await this.tasks.find(taskId);
      if (!task) throw new EngineRejection(ERR.taskNotFound, undefined, 404);
      const [files, profile, previous] = await settleAll([downloadTaskFiles(this.storage, task.files, dir), this.profiles.find(task.profileId), this.exports.newestDigest(taskId)]);
      const { digest, ...check } = await this.engine.check({ ...files, items: task.items, mapping: task.mapping, remembered: profile?.headers });
      const changes = previous ? digestChanges(previous.digest, digest, previous.finishedAt.toISOString()) : null;
      this.logger.info({ jobId: job.id, taskId, rows: check.rowsTotal, warnings: check.warnings.length, ms: Date.now() - started }, 'check done');
      return { ...check, changes };
    } catch (error) {
      throw this.failure(job, error as Error);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** As an export's: a refused workbook is final (422), an outage is retried and then 503. */
  private failure(job: Job<CheckJobData>, error: Error): Error {
    const refused = error instanceof EngineRejection ? error : undefined;
    const outcome = attemptOutcome(job, error, refused?.message, refused?.status);
    this.logger.warn({ jobId: job.id, err: error.message, final: outcome.final }, 'check attempt failed');
    return outcome.final ? outcome.thrown : error;
  }
}
