import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ERR } from '@app/contracts';
import { APP_CONFIG, shutdownGraceMs, type AppConfig } from '@app/config';

/**
 * The API's first step on SIGTERM: it stops taking requests, but keeps listening, so that one
 * that arrives now is answered 503 `Сервис временно недоступен` (and its connection closed), never
 * refused or reset; the requests it already has, a generate waiting for its job among them,
 * finish, each answer saying `Connection: close` so that no client or proxy reuses a kept-alive
 * connection the API is about to drop. Only then does Nest close the server (and with it the
 * connections left idle) and the connections to Redis and PostgreSQL. `npm start` stops the
 * workers after the API, so the jobs those requests wait for get made.
 */
@Injectable()
export class RequestDrain implements BeforeApplicationShutdown {
  private readonly logger = new Logger(RequestDrain.name);
  private readonly inFlight = new Set<Response>();
  private draining = false;
  private idle?: () => void;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The first middleware of every request. */
  readonly middleware = (_req: Request, res: Response, next: NextFunction): void => {
    if (this.draining) {
      res.set('Connection', 'close').set('Retry-After', '5').status(503).json({ error: ERR.serviceUnavailable });
      return;
    }
    this.inFlight.add(res);
    res.once('close', () => {
      this.inFlight.delete(res);
      if (this.inFlight.size === 0) this.idle?.();
    });
    next();
  };

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    this.draining = true;
    if (this.inFlight.size === 0) return;
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    this.logger.log({ signal, inFlight: this.inFlight.size }, 'stopping: new requests get 503, finishing those in flight');
    // Past the grace main.ts gives the process, it exits anyway.
    await new Promise<void>((resolve) => {
      this.idle = resolve;
      setTimeout(resolve, shutdownGraceMs(this.config)).unref();
    });
  }
}
