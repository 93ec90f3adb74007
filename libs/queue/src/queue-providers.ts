import { Logger } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import { BatchesRepository, ExportsRepository, PriceListsRepository } from '@app/persistence';
import { BatchFlows } from './batch-flows';
import { BatchStarter } from './batch-starter';
import { ListRuns } from './list-runs';

/** Nest providers of what starts batches (DESIGN §12, §16), for the API and the worker alike. */
export function batchStartProviders(config: Pick<AppConfig, 'QUEUE_PREFIX' | 'REDIS_URL'>) {
  return [
    {
      provide: BatchFlows,
      useFactory: () => {
        const logger = new Logger(BatchFlows.name);
        return new BatchFlows(config, (err) => logger.warn({ err: err.message }, 'redis connection error'));
      },
    },
    { provide: BatchStarter, inject: [BatchesRepository, ExportsRepository, BatchFlows], useFactory: (b: BatchesRepository, e: ExportsRepository, f: BatchFlows) => new BatchStarter(b, e, f) },
    { provide: ListRuns, inject: [BatchStarter, PriceListsRepository], useFactory: (s: BatchStarter, lists: PriceListsRepository) => new ListRuns(s, (id) => lists.followingTaskIds(id)) },
  ];
}
