import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { HealthResponse } from '@app/contracts';
import { StorageService } from '@app/storage';
import { ExportQueueService } from '../queue/export-queue.service';

const TIMEOUT_MS = 2_000;

function check(probe: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS);
  });
  return Promise.race([probe(), timeout])
    .then(() => 'ok' as const, () => 'down' as const)
    .finally(() => clearTimeout(timer));
}

@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly queue: ExportQueueService,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  async check(): Promise<HealthResponse> {
    const [db, redis, storage] = await Promise.all([
      check(() => this.db.query('SELECT 1')),
      check(() => this.queue.ping()),
      check(() => this.storage.ping()),
    ]);
    const workers = redis === 'ok' ? await this.queue.workerCount().catch(() => undefined) : undefined;
    const status = db === 'ok' && redis === 'ok' && storage === 'ok' ? 'ok' : 'error';
    return { status, db, redis, storage, workers };
  }
}
