import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PinoLogger } from 'nestjs-pino';
import { DataSource, In, LessThan } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { ExportEntity } from '@app/persistence';
import { StorageService } from '@app/storage';

const BATCH = 500;

/** Removes exports (objects, then rows) older than EXPORT_RETENTION_DAYS; run by a job scheduler. */
@Injectable()
export class HousekeepingService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(StorageService) private readonly storage: StorageService,
    private readonly logger: PinoLogger,
  ) {}

  async run(now = new Date()): Promise<{ removed: number }> {
    const cutoff = new Date(now.getTime() - this.config.EXPORT_RETENTION_DAYS * 24 * 3600 * 1000);
    const repo = this.db.getRepository(ExportEntity);
    let removed = 0;
    for (;;) {
      const old = await repo.find({ where: { createdAt: LessThan(cutoff) }, take: BATCH, order: { createdAt: 'ASC' } });
      if (old.length === 0) break;
      for (const row of old) if (row.objectKey) await this.storage.remove(row.objectKey);
      await repo.delete({ id: In(old.map((r) => r.id)) });
      removed += old.length;
      if (old.length < BATCH) break;
    }
    this.logger.info({ removed, cutoff: cutoff.toISOString() }, 'housekeeping done');
    return { removed };
  }
}
