import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { ExportsRepository, UnownedObjectsRepository } from '@app/persistence';
import { StorageService } from '@app/storage';

/**
 * Run by a job scheduler: removes exports (objects, then rows) older than EXPORT_RETENTION_DAYS,
 * and objects no row owns (replaced uploads, what a dead writer left) once they have been listed
 * longer than STORAGE_GRACE_MS, which outlasts every job that may still read them.
 */
@Injectable()
export class HousekeepingService {
  constructor(
    private readonly exports: ExportsRepository,
    private readonly unowned: UnownedObjectsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(StorageService) private readonly storage: StorageService,
    private readonly logger: PinoLogger,
  ) {}

  async run(now = new Date()): Promise<{ removed: number; swept: number }> {
    const cutoff = new Date(now.getTime() - this.config.EXPORT_RETENTION_DAYS * 24 * 3600 * 1000);
    const removed = await this.exports.purge(cutoff, (key) => this.storage.remove(key));
    const swept = await this.unowned.sweep(new Date(now.getTime() - this.config.STORAGE_GRACE_MS), (key) => this.storage.remove(key));
    this.logger.info({ removed, swept, cutoff: cutoff.toISOString() }, 'housekeeping done');
    return { removed, swept };
  }
}
