import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import type express from 'express';
import helmet from 'helmet';
import { resolve } from 'node:path';
import type { AppConfig } from '@app/config';
import { AppModule } from './app.module';
import { ExportQueueService } from './queue/export-queue.service';
import { mountBullBoard } from './admin/bull-board';
import { MailJobs } from '@app/delivery';
import { mountWebApp } from './web/web-app.middleware';
import { sameOriginOnly } from './common/same-origin.guard';
import { pageAccess } from './auth/page-access';
import { PrincipalResolver } from './auth/principal-resolver';
import { RequestDrain } from './lifecycle/request-drain';
import { DOCS_PATH } from './openapi/docs-page';
import { ApiMetricsService } from './metrics/api-metrics.service';
import { mountMetrics } from './metrics/metrics-endpoints';
import { httpTiming } from './metrics/http-timing.middleware';

/**
 * The API as it serves: the Nest app with the middleware around its routes (the shutdown drain,
 * security headers, the cross-site check, Bull Board, the reference page's sign-in, the web app), not yet
 * listening. main.ts listens; the OpenAPI test initialises one to list the routes it really serves.
 */
export async function createApiApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.disable('x-powered-by');
  // Whose X-Forwarded-For / -Proto count (TRUST_PROXY): they decide the sign-in throttle's address and Secure cookies.
  app.set('trust proxy', config.TRUST_PROXY);

  const server = app.getHttpAdapter().getInstance() as express.Express;
  // Prometheus's scrape (DESIGN §18) first, untimed; then every other request is timed.
  const metrics = app.get(ApiMetricsService);
  mountMetrics(server, metrics, config);
  server.use(httpTiming(metrics.metrics));
  // Then: on SIGTERM new requests get 503 while those in flight finish.
  server.use(app.get(RequestDrain).middleware);
  // Security headers on every answer. The app is often served over plain HTTP inside a company
  // network, so requests are never upgraded to HTTPS; the rest is helmet's default policy, which
  // the built web app, Bull Board and the API's reference page satisfy (scripts from this origin only).
  server.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  // JSON bodies are read by JsonBodyInterceptor, after AccessGuard: never before the caller is known.
  server.use('/api', sameOriginOnly);
  const principals = app.get(PrincipalResolver);
  mountBullBoard(server, [app.get(ExportQueueService).queue, app.get(MailJobs).queue], principals);
  // The reference page is for signed-in users like the routes it describes (their AccessGuard
  // says so too); a browser that is not signed in is sent to the sign-in page and back.
  server.use(DOCS_PATH, pageAccess(principals, 'viewer'));
  const webDist = config.WEB_DIST || resolve(__dirname, '../../../../web');
  if (!mountWebApp(server, webDist)) logger.warn(`web app not found at ${webDist}; serving the API only`);
  return app;
}
