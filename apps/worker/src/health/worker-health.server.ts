import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { WorkerMetrics, answerMetrics, metricsAccess } from '@app/metrics';
import { ExportProcessor } from '../export/export.processor';

/**
 * Liveness for probes (compose health check): 200 while the queue consumer runs, else 503. And
 * `GET /metrics` (DESIGN §18): with the bearer METRICS_TOKEN when one is set, else for anyone who
 * reaches this port (it is internal: compose and Kubernetes publish it nowhere).
 */
@Injectable()
export class WorkerHealthServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server?: Server;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly processor: ExportProcessor,
    private readonly metrics: WorkerMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.WORKER_HEALTH_PORT) return;
    const access = metricsAccess(this.config.METRICS_TOKEN, 'open');
    this.server = createServer((req, res) => {
      if ((req.url ?? '').split('?')[0] === '/metrics') {
        void answerMetrics(req, res, access, () => this.metrics.render(), this.metrics.registry.contentType);
        return;
      }
      const ok = this.processor.running;
      res.writeHead(ok ? 200 : 503, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status: ok ? 'ok' : 'error', pid: process.pid }));
    });
    await new Promise<void>((resolve) => this.server!.listen(this.config.WORKER_HEALTH_PORT, resolve));
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }
}
