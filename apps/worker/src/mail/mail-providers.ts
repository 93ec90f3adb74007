import type { Provider } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { AppConfig } from '@app/config';
import { FollowerNotifier, MailJobs, Mailer, createMailer } from '@app/delivery';
import { BatchesRepository, NoticesRepository } from '@app/persistence';
import { ExportDeliveries } from './export-deliveries';
import { MailProcessor } from './mail.processor';
import { MailReconciler } from './mail-reconciler';
import { NotifyJobRunner } from './notify-job.runner';
import { SendJobRunner } from './send-job.runner';

/**
 * The worker's part of DESIGN §17: the way out (SMTP or the outbox), the `mail` queue's producer
 * and consumer, and FollowerNotifier — which the price lists' own jobs (DESIGN §16: a held version,
 * a failing source) inject to tell the lists' followers.
 */
export function mailProviders(config: AppConfig): Provider[] {
  return [
    { provide: Mailer, useValue: createMailer(config) },
    { provide: MailJobs, useValue: new MailJobs(config) },
    {
      provide: FollowerNotifier,
      inject: [NoticesRepository, BatchesRepository, MailJobs, PinoLogger],
      useFactory: (notices: NoticesRepository, batches: BatchesRepository, jobs: MailJobs, logger: PinoLogger) =>
        new FollowerNotifier(notices, batches, jobs, config, (message, error) => logger.warn({ err: error.message }, message)),
    },
    ExportDeliveries,
    SendJobRunner,
    NotifyJobRunner,
    MailReconciler,
    MailProcessor,
  ];
}
