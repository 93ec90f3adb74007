import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { ExportsRepository } from '@app/persistence';
import { StorageService } from '@app/storage';

/** Removes exports (objects, then rows) older than EXPORT_RETENTION_DAYS; run by a job scheduler. */
@Injectable()
export class HousekeepingService {
  constructor(
    private readonly exports: ExportsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(StorageService) private readonly storage: StorageService,
    private readonly logger: PinoLogger,
  ) {}

  async run(now = new Date()): Promise<{ removed: number }> {
    const cutoff = new Date(now.getTime() - this.config.EXPORT_RETENTION_DAYS * 24 * 3600 * 1000);
    const removed = await this.exports.purge(cutoff, (key) => this.storage.remove(key));
    this.logger.info({ removed, cutoff: cutoff.toISOString() }, 'housekeeping done');
    return { removed };
  }
}
