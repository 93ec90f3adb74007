import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { UnrecoverableError, type Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { DELIVERY_ERR, DELIVERY_LIMITS, XLSX_MIME, type SendJobData } from '@app/contracts';
import { Mailer } from '@app/delivery';
import { DeliveriesRepository } from '@app/persistence';
import { StorageService } from '@app/storage';
import { OutageWait } from '../export/outage-wait';
import { attemptMail } from './mail-attempt';

const MB = 1024 * 1024;

/**
 * A `send` job (DESIGN §17): one message of an export to its task's recipients, as its delivery
 * row was written (subject, body, attachment name and Message-ID chosen then), with the stored
 * export attached byte for byte. A row that has ended (sent by an earlier attempt, or failed) is
 * left alone; a file over MAIL_MAX_MB fails at once without a conversation.
 */
@Injectable()
export class SendJobRunner {
  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly mailer: Mailer,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {}

  async run(job: Job<SendJobData>): Promise<null> {
    const { deliveryId } = job.data;
    const log = this.logger.logger.child({ jobId: job.id, deliveryId, attempt: job.attemptsMade + 1 });
    const wait = new OutageWait(job, this.config.GENERATE_TIMEOUT_MS);
    const row = await wait.database(() => this.deliveries.toSend(deliveryId));
    if (!row || row.status !== 'queued') {
      log.info({ status: row?.status ?? 'gone' }, 'delivery already ended; nothing to send');
      return null;
    }
    if (!row.objectKey) {
      await wait.database(() => this.deliveries.markFailed(deliveryId, null, DELIVERY_ERR.fileGone));
      throw new UnrecoverableError(DELIVERY_ERR.fileGone);
    }
    if ((row.size ?? 0) > this.config.MAIL_MAX_MB * MB) {
      const reason = DELIVERY_ERR.tooLarge(Math.round(((row.size ?? 0) / MB) * 10) / 10);
      await wait.database(() => this.deliveries.markFailed(deliveryId, null, reason));
      throw new UnrecoverableError(reason);
    }
    const objectKey = row.objectKey;
    await attemptMail({
      job,
      id: deliveryId,
      rows: this.deliveries,
      mailer: this.mailer,
      budgetMs: this.config.GENERATE_TIMEOUT_MS,
      maxAttempts: DELIVERY_LIMITS.retries + 1,
      log,
      build: async () => ({
        to: row.to,
        cc: row.cc,
        subject: row.subject,
        text: row.body,
        messageId: row.messageId,
        attachments: [{ filename: row.fileName, content: await this.storage.getBuffer(objectKey), contentType: XLSX_MIME }],
      }),
    });
    return null;
  }
}
