import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { LIMITS } from '@app/contracts';
import { AuditRepository, BatchesRepository, ExportsRepository, PriceListVersionsRepository, SessionsRepository, SignInThrottleRepository, UnownedObjectsRepository } from '@app/persistence';
import { StorageService } from '@app/storage';
import { sweepStaleTempDirs } from './temp-dirs';

/** A temporary folder untouched this long is a stopped worker's leftover. */
const STALE_TEMP_MS = 6 * 3600_000;

/**
 * Run by a job scheduler: removes exports (objects, then rows) older than EXPORT_RETENTION_DAYS,
 * and the batches made with them;
 * price-list versions no remaining export used beyond each list's newest few (DESIGN §12), their
 * objects through the unowned list like a replaced upload's, so a job still reading one is safe;
 * objects no row owns (replaced uploads, what a dead writer left) once they have been listed
 * longer than STORAGE_GRACE_MS, which outlasts every job that may still read them; audit events
 * older than AUDIT_RETENTION_DAYS; expired sessions and sign-in failures out of the throttle's window.
 * At each worker's start, the temporary folders a stopped worker left on this machine.
 */
@Injectable()
export class HousekeepingService implements OnApplicationBootstrap {
  constructor(
    private readonly exports: ExportsRepository,
    private readonly batches: BatchesRepository,
    private readonly audit: AuditRepository,
    private readonly sessions: SessionsRepository,
    private readonly throttle: SignInThrottleRepository,
    private readonly unowned: UnownedObjectsRepository,
    private readonly versions: PriceListVersionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(StorageService) private readonly storage: StorageService,
    private readonly logger: PinoLogger,
  ) {}

  onApplicationBootstrap(): void {
    void sweepStaleTempDirs(STALE_TEMP_MS).then((removed) => removed > 0 && this.logger.info({ removed }, 'stale temporary folders removed'));
  }

  async run(now = new Date()): Promise<{ removed: number; swept: number; auditRemoved: number }> {
    const day = 24 * 3600 * 1000;
    const cutoff = new Date(now.getTime() - this.config.EXPORT_RETENTION_DAYS * day);
    const removed = await this.exports.purge(cutoff, (key) => this.storage.remove(key));
    const batchesRemoved = await this.batches.purge(cutoff);
    const versionsRemoved = await this.versions.prune(LIMITS.priceListVersionsKept);
    const swept = await this.unowned.sweep(new Date(now.getTime() - this.config.STORAGE_GRACE_MS), (key) => this.storage.remove(key));
    const auditCutoff = new Date(now.getTime() - this.config.AUDIT_RETENTION_DAYS * day);
    const auditRemoved = await this.audit.purge(auditCutoff);
    const sessionsRemoved = await this.sessions.purgeExpired();
    const failuresRemoved = await this.throttle.purge();
    this.logger.info({ removed, batchesRemoved, versionsRemoved, swept, cutoff: cutoff.toISOString(), auditRemoved, auditCutoff: auditCutoff.toISOString(), sessionsRemoved, failuresRemoved }, 'housekeeping done');
    return { removed, swept, auditRemoved };
  }
}
