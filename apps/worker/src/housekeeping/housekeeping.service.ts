import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { AuditRepository, ExportsRepository, SessionsRepository, SignInThrottleRepository } from '@app/persistence';
import { StorageService } from '@app/storage';

/**
 * Removes exports (objects, then rows) older than EXPORT_RETENTION_DAYS, audit events older than
 * AUDIT_RETENTION_DAYS, expired sessions and sign-in failures out of the throttle's window; run by
 * a job scheduler.
 */
@Injectable()
export class HousekeepingService {
  constructor(
    private readonly exports: ExportsRepository,
    private readonly audit: AuditRepository,
    private readonly sessions: SessionsRepository,
    private readonly throttle: SignInThrottleRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(StorageService) private readonly storage: StorageService,
    private readonly logger: PinoLogger,
  ) {}

  async run(now = new Date()): Promise<{ removed: number; auditRemoved: number }> {
    const day = 24 * 3600 * 1000;
    const cutoff = new Date(now.getTime() - this.config.EXPORT_RETENTION_DAYS * day);
    const removed = await this.exports.purge(cutoff, (key) => this.storage.remove(key));
    const auditCutoff = new Date(now.getTime() - this.config.AUDIT_RETENTION_DAYS * day);
    const auditRemoved = await this.audit.purge(auditCutoff);
    const sessionsRemoved = await this.sessions.purgeExpired();
    const failuresRemoved = await this.throttle.purge();
    this.logger.info({ removed, cutoff: cutoff.toISOString(), auditRemoved, auditCutoff: auditCutoff.toISOString(), sessionsRemoved, failuresRemoved }, 'housekeeping done');
    return { removed, auditRemoved };
  }
}
