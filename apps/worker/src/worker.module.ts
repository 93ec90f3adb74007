import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { dataSourceOptions, repositoryProviders } from '@app/persistence';
import { StorageService, storageOptions } from '@app/storage';
import { EngineRunner } from './export/engine-runner';
import { ThreadEngineRunner } from './export/thread-engine-runner';
import { ExportJobRunner } from './export/export-job.runner';
import { ColumnsJobRunner } from './export/columns-job.runner';
import { CheckJobRunner } from './export/check-job.runner';
import { VersionRowsJobRunner } from './export/version-rows-job.runner';
import { ExportProcessor } from './export/export.processor';
import { HousekeepingService } from './housekeeping/housekeeping.service';
import { ExportReconciler } from './housekeeping/export-reconciler';
import { WorkerHealthServer } from './health/worker-health.server';
import { BatchReconciler } from './housekeeping/batch-reconciler';
import { BatchJobRunner } from './batch/batch-job.runner';
import { BatchPriceShares } from './batch/batch-price-shares';
import { BatchFiles } from './batch/batch-files';
import { JobFilesService } from './export/job-files';
import { ShareExchange, redisShareExchange } from './batch/share-exchange';
import { mailProviders } from './mail/mail-providers';

/** The worker: no HTTP API, only the queue consumer (plus an optional liveness port). */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        LoggerModule.forRoot({ pinoHttp: { level: config.LOG_LEVEL, base: { app: 'worker', pid: process.pid } } }),
        TypeOrmModule.forRoot({ ...dataSourceOptions(config.DATABASE_URL), extra: { max: 4 } }),
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: StorageService, useValue: new StorageService(storageOptions(config)) },
        { provide: EngineRunner, useValue: new ThreadEngineRunner(undefined, undefined, { heapMb: config.ENGINE_THREAD_HEAP_MB, timeoutMs: config.ENGINE_JOB_TIMEOUT_MS }) },
        ...repositoryProviders(),
        ExportJobRunner,
        ColumnsJobRunner,
        CheckJobRunner,
        VersionRowsJobRunner,
        HousekeepingService,
        ExportReconciler,
        BatchReconciler,
        { provide: ShareExchange, useValue: redisShareExchange(config) },
        { provide: BatchFiles, useFactory: (storage: StorageService) => new BatchFiles(storage), inject: [StorageService] },
        BatchPriceShares,
        JobFilesService,
        BatchJobRunner,
        ExportProcessor,
        ...mailProviders(config),
        WorkerHealthServer,
      ],
    };
  }
}
