import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Express, Request, Response } from 'express';
import { createServer, type Server } from 'node:http';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { answerMetrics, metricsAccess } from '@app/metrics';
import { ApiMetricsService } from './api-metrics.service';

export const METRICS_PATH = '/metrics';

/**
 * `GET /metrics` on the API's own port: for the bearer METRICS_TOKEN only, and not at all without
 * one (the port is the users'). Mounted before everything else: a scrape is not a user's request
 * (not timed, not drained on SIGTERM, no session).
 */
export function mountMetrics(app: Express, service: ApiMetricsService, config: AppConfig): void {
  const access = metricsAccess(config.METRICS_TOKEN, 'off');
  app.use(METRICS_PATH, (req: Request, res: Response, next) => {
    if (req.path !== '/') return next();
    void answerMetrics(req, res, access, () => service.render(), service.contentType);
  });
}

/** METRICS_PORT: a port of its own (on HOST) that serves only `GET /metrics`, with no token asked. */
@Injectable()
export class MetricsPortServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsPortServer.name);
  private server?: Server;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly service: ApiMetricsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { METRICS_PORT: port, HOST: host } = this.config;
    if (!port) return;
    const server = createServer((req, res) => {
      if ((req.url ?? '').split('?')[0] !== METRICS_PATH) {
        res.writeHead(404).end();
        return;
      }
      void answerMetrics(req, res, 'open', () => this.service.render(), this.service.contentType);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err: Error) => reject(new Error(`METRICS_PORT ${port}: ${err.message}`)));
      server.listen(port, host, resolve);
    });
    this.server = server;
    this.logger.log(`metrics on http://${host}:${port}${METRICS_PATH}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }
}
