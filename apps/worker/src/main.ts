import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit, stopWithParent } from '@app/config';
import { WorkerModule } from './worker.module';

/** A separate process: NestJS application context, no HTTP API; it never migrates. */
async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  stopWithParent();
  // Only now has every bootstrap hook finished (the queue consumer and the health port are separate modules).
  app.get(Logger).log(`worker ready (pid ${process.pid})`, 'Worker');
}

bootstrap().catch((error: Error) => {
  process.stderr.write(`worker failed to start: ${error.message}\n`);
  process.exit(1);
});
