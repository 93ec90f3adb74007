import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import type { Server } from 'node:http';
import { loadConfigOrExit, shutdownGraceMs, stopWithParent, type AppConfig } from '@app/config';
import { createDataSource, ensureDatabase, migrateWithLock } from '@app/persistence';
import { StorageService, storageOptions } from '@app/storage';
import { createApiApp } from './api-app';
import { keepIdleConnections } from './common/keep-alive';

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

  const app = await createApiApp(config);
  const logger = app.get(Logger);
  for (const note of notes) logger.log(note);
  keepIdleConnections(app.getHttpServer() as Server, config.KEEP_ALIVE_TIMEOUT_MS);
  // SIGTERM: RequestDrain (the first middleware) refuses new requests and waits for those in flight.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  forceExitAfterGrace(shutdownGraceMs(config));
  stopWithParent();

  await app.listen(config.PORT, config.HOST);
  logger.log(`API listening on http://${config.HOST}:${config.PORT}`);
}

bootstrap().catch((error: Error) => {
  process.stderr.write(`API failed to start: ${error.message}\n`);
  process.exit(1);
});
