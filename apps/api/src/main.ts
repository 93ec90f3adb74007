import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import express from 'express';
import helmet from 'helmet';
import { resolve } from 'node:path';
import { loadConfigOrExit, shutdownGraceMs, stopWithParent, type AppConfig } from '@app/config';
import { JSON_BODY_MAX_BYTES } from '@app/contracts';
import { createDataSource, ensureDatabase, migrateWithLock } from '@app/persistence';
import { StorageService, storageOptions } from '@app/storage';
import { AppModule } from './app.module';
import { ExportQueueService } from './queue/export-queue.service';
import { mountBullBoard } from './admin/bull-board';
import { mountWebApp } from './web/web-app.middleware';
import { sameOriginOnly } from './common/same-origin.guard';
import { PrincipalResolver } from './auth/principal-resolver';
import { RequestDrain } from './lifecycle/request-drain';

/**
 * Creates the database if needed and migrates it under an advisory lock, before serving; returns
 * what it did, for the log (a first start says it created and migrated the database).
 */
async function prepareServices(config: AppConfig): Promise<string[]> {
  const database = decodeURIComponent(new URL(config.DATABASE_URL).pathname.slice(1));
  const notes: string[] = [];
  if (await ensureDatabase(config.DATABASE_URL)) notes.push(`database "${database}" created`);
  const dataSource = createDataSource(config.DATABASE_URL);
  await dataSource.initialize();
  try {
    const applied = await migrateWithLock(dataSource);
    notes.push(applied.length ? `database migrated: ${applied.join(', ')}` : 'database schema is up to date');
  } finally {
    await dataSource.destroy();
  }
  if (await new StorageService(storageOptions(config)).ensureBucket()) notes.push(`storage bucket "${config.S3_BUCKET}" created`);
  notes.push(`queue prefix in Redis: ${config.QUEUE_PREFIX}`);
  return notes;
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
  const notes = await prepareServices(config);

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  for (const note of notes) logger.log(note);
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  forceExitAfterGrace(shutdownGraceMs(config));
  stopWithParent();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  const server = app.getHttpAdapter().getInstance() as express.Express;
  // First: on SIGTERM new requests get 503 while those in flight finish.
  server.use(app.get(RequestDrain).middleware);
  // Security headers on every answer. The app is often served over plain HTTP inside a company
  // network, so requests are never upgraded to HTTPS; the rest is helmet's default policy, which
  // the built web app and Bull Board satisfy (scripts from this origin only).
  server.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  server.use('/api', sameOriginOnly, express.json({ limit: JSON_BODY_MAX_BYTES }));
  mountBullBoard(server, [app.get(ExportQueueService).queue], app.get(PrincipalResolver));
  const webDist = config.WEB_DIST || resolve(__dirname, '../../../../web');
  if (!mountWebApp(server, webDist)) logger.warn(`web app not found at ${webDist}; serving the API only`);

  await app.listen(config.PORT, config.HOST);
  logger.log(`API listening on http://${config.HOST}:${config.PORT}`);
}

bootstrap().catch((error: Error) => {
  process.stderr.write(`API failed to start: ${error.message}\n`);
  process.exit(1);
});
