import { Inject, Injectable } from '@nestjs/common';
import type { HealthResponse } from '@app/contracts';
import { TasksRepository } from '@app/persistence';
import { StorageService } from '@app/storage';
import { ExportQueueService } from '../queue/export-queue.service';
import { withTimeout } from '@app/queue';

const TIMEOUT_MS = 2_000;

function check(probe: () => Promise<unknown>): Promise<'ok' | 'down'> {
  return withTimeout(probe(), TIMEOUT_MS, 'health probe').then(() => 'ok' as const, () => 'down' as const);
}

@Injectable()
export class HealthService {
  /** Until a worker has connected once, no worker means the instance is starting, not broken. */
  private workerSeen = false;

  constructor(
    private readonly tasks: TasksRepository,
    private readonly queue: ExportQueueService,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  async check(): Promise<HealthResponse> {
    const [db, redis, storage] = await Promise.all([
      check(() => this.tasks.ping()),
      check(() => this.queue.ping()),
      check(() => this.storage.ping()),
    ]);
    // A probe that gave up before the storage call itself did: storage is known down from now (DESIGN §15).
    if (storage === 'down') this.storage.markDown();
    const workers = redis === 'ok' ? await this.queue.workerCount().catch(() => undefined) : undefined;
    if (workers) this.workerSeen = true;
    const partsUp = db === 'ok' && redis === 'ok' && storage === 'ok';
    const status = !partsUp ? 'error' : workers === 0 ? (this.workerSeen ? 'error' : 'starting') : 'ok';
    return { status, db, redis, storage, workers };
  }
}
