import { DynamicModule, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { dataSourceOptions } from '@app/persistence';
import { ExportHandoff, exportHandoffOptions, StorageService, storageOptions } from '@app/storage';
import { EngineProcess } from './export/engine-process';
import { ObjectCache } from './export/object-cache';
import { fetchObject } from './export/fetch-object';
import { ExportJobRunner } from './export/export-job.runner';
import { ExportProcessor } from './export/export.processor';
import { HousekeepingService } from './housekeeping/housekeeping.service';
import { WorkerHealthServer } from './health/worker-health.server';

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
        {
          provide: StorageService,
          useValue: new StorageService(storageOptions(config)),
        },
        { provide: EngineProcess, useValue: engineProcess(config) },
        {
          provide: ObjectCache,
          inject: [StorageService],
          useFactory: (storage: StorageService) =>
            new ObjectCache(config.WORKER_CACHE_MB * 1024 * 1024, (key, path) => fetchObject(storage, key, path)),
        },
        { provide: ExportHandoff, useFactory: () => new ExportHandoff(exportHandoffOptions(config, new Logger(ExportHandoff.name))) },
        ExportJobRunner,
        HousekeepingService,
        ExportProcessor,
        WorkerHealthServer,
      ],
    };
  }
}

function engineProcess(config: AppConfig): EngineProcess {
  const logger = new Logger(EngineProcess.name);
  let warned = false;
  return new EngineProcess({
    threads: config.WORKER_CONCURRENCY,
    priority: config.ENGINE_PRIORITY,
    onStarted: (priority) => {
      if (priority === config.ENGINE_PRIORITY || warned) return;
      warned = true;
      logger.warn({ asked: config.ENGINE_PRIORITY, got: priority }, 'the engine process could not take the CPU priority asked for (is chrt from util-linux installed?)');
    },
  });
}
