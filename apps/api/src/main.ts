import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import express from 'express';
import { resolve } from 'node:path';
import { DEFAULT_ADMIN, loadConfigOrExit, type AppConfig } from '@app/config';
import { createDataSource, ensureDatabase, migrateWithLock } from '@app/persistence';
import { StorageService, storageOptions } from '@app/storage';
import { AppModule } from './app.module';
import { ExportQueueService } from './queue/export-queue.service';
import { mountBullBoard } from './admin/bull-board';
import { mountWebApp } from './web/web-app.middleware';

function refuseDefaultAdminInProduction(config: AppConfig): void {
  const defaults = config.ADMIN_USER === DEFAULT_ADMIN.user || config.ADMIN_PASSWORD === DEFAULT_ADMIN.password;
  if (config.NODE_ENV === 'production' && defaults) {
    process.stderr.write('Invalid configuration: ADMIN_USER/ADMIN_PASSWORD must not be the defaults in production\n');
    process.exit(1);
  }
}

/** Creates the database if needed and migrates it under an advisory lock, before serving. */
async function prepareServices(config: AppConfig): Promise<void> {
  await ensureDatabase(config.DATABASE_URL);
  const dataSource = createDataSource(config.DATABASE_URL);
  await dataSource.initialize();
  try {
    await migrateWithLock(dataSource);
  } finally {
    await dataSource.destroy();
  }
  await new StorageService(storageOptions(config)).ensureBucket();
}

/**
 * SIGTERM lets requests in flight finish (a generate may wait up to GENERATE_TIMEOUT_MS); past
 * that grace a stuck connection must not keep the process alive.
 */
function forceExitAfterGrace(graceMs: number): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        process.stderr.write(`API did not stop within ${graceMs} ms of ${signal}; exiting\n`);
        process.exit(1);
      }, graceMs).unref();
    });
  }
}

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  refuseDefaultAdminInProduction(config);
  await prepareServices(config);

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  forceExitAfterGrace(config.GENERATE_TIMEOUT_MS + 10_000);
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  const server = app.getHttpAdapter().getInstance() as express.Express;
  server.use('/api', express.json({ limit: '10mb' }));
  mountBullBoard(server, [app.get(ExportQueueService).queue], config.ADMIN_USER, config.ADMIN_PASSWORD);
  const webDist = config.WEB_DIST || resolve(__dirname, '../../../../web');
  if (!mountWebApp(server, webDist)) logger.warn(`web app not found at ${webDist}; serving the API only`);

  await app.listen(config.PORT, config.HOST);
  logger.log(`API listening on http://${config.HOST}:${config.PORT}`);
}

bootstrap().catch((error: Error) => {
  process.stderr.write(`API failed to start: ${error.message}\n`);
  process.exit(1);
});
