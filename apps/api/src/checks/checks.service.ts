import { Inject, Injectable } from '@nestjs/common';
import type { CheckResponse } from '@app/contracts';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { ExportsRepository } from '@app/persistence';
import { ExportQueueService } from '../queue/export-queue.service';
import { CHECK_TEXTS, jobUserError } from '../queue/job-user-error';
import { notReadyError } from '../exports/not-ready';

/**
 * The check before export (DESIGN §11): like generate, it runs in the worker and answers the same
 * 404/409s for a task that is not ready; unlike it, it records nothing.
 */
@Injectable()
export class ChecksService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly exports: ExportsRepository,
    private readonly queue: ExportQueueService,
  ) {}

  async check(taskId: string): Promise<CheckResponse> {
    const notReady = await this.exports.readiness(taskId);
    if (notReady) throw notReadyError(notReady);
    try {
      return await this.queue.result<CheckResponse>(await this.queue.addCheck(taskId), this.config.GENERATE_TIMEOUT_MS);
    } catch (error) {
      throw jobUserError(error, CHECK_TEXTS);
    }
  }
}
