import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { DELIVERY_ERR, NOTICE_TEXT, type MailTestResponse } from '@app/contracts';
import { MailFailure, Mailer, newMessageId } from '@app/delivery';
import { DeliveriesRepository, type Actor } from '@app/persistence';
import { UserError } from '../common/user-error';

/**
 * `POST /api/admin/mail/test` (DESIGN §17): one message through the configured way out, sent while
 * the admin waits, answered with the server's reply (or 502 with why it failed). Both go to the journal.
 */
@Injectable()
export class MailTestService {
  constructor(
    private readonly mailer: Mailer,
    private readonly deliveries: DeliveriesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(actor: Actor, to: string): Promise<MailTestResponse> {
    const messageId = newMessageId(this.config.MAIL_FROM);
    try {
      const sent = await this.mailer.send({ to: [to], subject: NOTICE_TEXT.testSubject, text: NOTICE_TEXT.testBody, messageId });
      await this.deliveries.recordMailTest(actor, { to, reply: sent.reply });
      return { to, messageId, reply: sent.reply };
    } catch (error) {
      const reason = error instanceof MailFailure ? error.reason : (error as Error).message;
      await this.deliveries.recordMailTest(actor, { to, reply: error instanceof MailFailure ? error.reply : null, error: reason });
      throw new UserError(502, DELIVERY_ERR.testFailed(reason));
    }
  }
}
