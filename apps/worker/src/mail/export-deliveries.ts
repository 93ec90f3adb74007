import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { MailJobs, composeDelivery } from '@app/delivery';
import { DeliveriesRepository } from '@app/persistence';

/**
 * What a batch's export owes once it is made (DESIGN §17): its message to the task's recipients,
 * when the batch sends its files (`deliver`) or the task sends after every batch export (`auto`).
 * The row is written first (once per export: the decision takes the export's lock), then its job
 * queued; a job Redis refused, or a worker that stopped in between, is the mail reconciler's.
 */
@Injectable()
export class ExportDeliveries {
  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly jobs: MailJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {}

  /** Never throws: an export is made whether or not its message could be queued now. */
  async afterExport(exportId: string): Promise<void> {
    try {
      const id = await this.deliveries.owe(exportId, (ctx) => composeDelivery(ctx, this.config));
      if (id) await this.jobs.send(id);
    } catch (error) {
      this.logger.warn({ exportId, err: (error as Error).message }, 'could not queue the message of an export now; the mail reconciler will');
    }
  }
}
