import { DynamicModule, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { SecretBox, dataSourceOptions, repositoryProviders } from '@app/persistence';
import { StorageService, storageOptions } from '@app/storage';
import { WorkerMetrics } from '@app/metrics';
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
import { batchStartProviders } from '@app/queue';
import { VersionDiffJobRunner } from './price-versions/version-diff-job.runner';
import { VersionIntake } from './price-sources/version-intake';
import { UrlPoll } from './price-sources/url-poll';
import { MailboxPoll } from './price-sources/mailbox-poll';
import { SourcePollJobRunner } from './price-sources/source-poll-job.runner';
import { PriceListReconciler } from './housekeeping/price-list-reconciler';

const idleLog = new Logger('PostgreSQL');
import { mailProviders } from './mail/mail-providers';

/** The worker: no HTTP API, only the queue consumer (plus an optional liveness port). */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        LoggerModule.forRoot({ pinoHttp: { level: config.LOG_LEVEL, base: { app: 'worker', pid: process.pid } } }),
        TypeOrmModule.forRoot(dataSourceOptions(config.DATABASE_URL, { max: 4, onIdleError: (error) => idleLog.warn(`an idle database connection failed; the pool opens another when needed: ${error.message}`) })),
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: StorageService, useValue: new StorageService(storageOptions(config)) },
        { provide: EngineRunner, useValue: new ThreadEngineRunner(undefined, undefined, { heapMb: config.ENGINE_THREAD_HEAP_MB, timeoutMs: config.ENGINE_JOB_TIMEOUT_MS }) },
        { provide: WorkerMetrics, useFactory: (engine: EngineRunner) => new WorkerMetrics(() => engine.busyThreads), inject: [EngineRunner] },
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
        ...batchStartProviders(config),
        VersionDiffJobRunner,
        VersionIntake,
        UrlPoll,
        MailboxPoll,
        SourcePollJobRunner,
        PriceListReconciler,
        { provide: SecretBox, useValue: new SecretBox(config.SECRETS_KEY) },
        ExportProcessor,
        ...mailProviders(config),
        WorkerHealthServer,
      ],
    };
  }
}
