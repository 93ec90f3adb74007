import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { BATCH_SUMMARY_FILE, DELIVERY_LIMITS, XLSX_MIME, type NotifyJobData } from '@app/contracts';
import { ArchiveNames, Mailer, summaryWorkbook, toBatch, type OutgoingMessage } from '@app/delivery';
import { BatchesRepository, NoticesRepository, type NoticeToSend } from '@app/persistence';
import { OutageWait } from '../export/outage-wait';
import { attemptMail } from './mail-attempt';

/**
 * A `notify` job (DESIGN §17 “people told”): a notice's message to the people it names, written
 * when the event happened; a batch's end carries Итоги.xlsx, made when it is sent from the batch's
 * rows (ended, so the same on every attempt) with the file names the batch's archive gives.
 */
@Injectable()
export class NotifyJobRunner {
  constructor(
    private readonly notices: NoticesRepository,
    private readonly batches: BatchesRepository,
    private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {}

  async run(job: Job<NotifyJobData>): Promise<null> {
    const { noticeId } = job.data;
    const log = this.logger.logger.child({ jobId: job.id, noticeId, attempt: job.attemptsMade + 1 });
    const notice = await new OutageWait(job, this.config.GENERATE_TIMEOUT_MS).database(() => this.notices.toSend(noticeId));
    if (!notice || notice.status !== 'queued') return null;
    await attemptMail({
      job,
      id: noticeId,
      rows: this.notices,
      mailer: this.mailer,
      budgetMs: this.config.GENERATE_TIMEOUT_MS,
      maxAttempts: DELIVERY_LIMITS.retries + 1,
      log,
      build: () => this.message(notice),
    });
    return null;
  }

  private async message(notice: NoticeToSend): Promise<OutgoingMessage> {
    const message: OutgoingMessage = { to: notice.recipients, subject: notice.subject, text: notice.body, messageId: notice.messageId };
    if (notice.kind !== 'batch-ended' || !notice.batchId) return message;
    const head = await this.batches.head(notice.batchId);
    if (!head) return message;
    const rows = await this.batches.rows(notice.batchId);
    const names = new ArchiveNames();
    names.reserve(BATCH_SUMMARY_FILE);
    const files = rows.map((row) => (row.objectKey ? names.take(row.name, '.xlsx') : null));
    const sheet = await summaryWorkbook(toBatch(head, rows).tasks, files);
    return { ...message, attachments: [{ filename: BATCH_SUMMARY_FILE, content: sheet, contentType: XLSX_MIME }] };
  }
}
