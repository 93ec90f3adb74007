import { Inject, Injectable } from '@nestjs/common';
import { CHECK_ROWS_MAX, ERR, type CheckResponse } from '@app/contracts';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { AuditRepository, ExportsRepository, type Actor } from '@app/persistence';
import { StorageService } from '@app/storage';
import { UserError } from '../common/user-error';
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
    private readonly audit: AuditRepository,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  /** A check changes nothing, so its journal event is written alone, once its answer is known. */
  async check(actor: Actor, taskId: string): Promise<CheckResponse> {
    // Its job would only wait on it: 503 at once (DESIGN §15).
    if (this.storage.knownDown()) throw new UserError(503, ERR.storageUnavailable);
    const notReady = await this.exports.readiness(taskId);
    if (notReady) throw notReadyError(notReady);
    let result: CheckResponse;
    try {
      result = await this.queue.result<CheckResponse>(await this.queue.addCheck(taskId), this.config.GENERATE_TIMEOUT_MS);
    } catch (error) {
      throw jobUserError(error, CHECK_TEXTS);
    }
    const warnings = Object.values(result.warningCounts).reduce((sum, n) => sum + (n ?? 0), 0);
    // `rows` lists the first CHECK_ROWS_MAX: the found count is exact only when it lists them all.
    const found = result.rowsTotal <= CHECK_ROWS_MAX ? result.rows.filter((r) => r.status === 'found').length : undefined;
    await this.audit.record(actor, 'check', { rows: result.rowsTotal, found, warnings }, taskId);
    return result;
  }
}
