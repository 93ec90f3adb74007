import { Injectable, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import { MailJobs, Mailer, createMailer } from '@app/delivery';
import { DeliveriesService } from './deliveries.service';
import { MailTestService } from './mail-test.service';

/** Closes the API's mail connections (the test message's SMTP pool, the `mail` queue's producer) when it stops. */
@Injectable()
class MailConnections implements OnApplicationShutdown {
  constructor(
    private readonly mailer: Mailer,
    private readonly jobs: MailJobs,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    this.mailer.close();
    await this.jobs.close();
  }
}

/** The API's part of DESIGN §17: it queues messages (its workers send them) and sends an admin's test message itself. */
export function mailProviders(config: AppConfig): Provider[] {
  return [{ provide: Mailer, useValue: createMailer(config) }, { provide: MailJobs, useValue: new MailJobs(config) }, MailConnections, DeliveriesService, MailTestService];
}
