import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { BatchFlows } from '@app/queue';

/** The API's producer of batch flows (DESIGN §12), closed with the app. */
@Injectable()
export class BatchFlowService extends BatchFlows implements OnApplicationShutdown {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const logger = new Logger(BatchFlowService.name);
    super(config, (err) => logger.warn({ err: err.message }, 'redis connection error'));
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}
