import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/config';
import {
  BATCH_ERR,
  DEFAULT_DELIVERY_TEMPLATES,
  DELIVERY_ERR,
  ERR,
  formatDayTime,
  type BatchSendResponse,
  type Delivery,
  type DeliverySettingsResponse,
  type PutDeliveryRequest,
} from '@app/contracts';
import { MailJobs, composeDelivery } from '@app/delivery';
import { BatchesRepository, DeliveriesRepository, type Actor, type DeliveryContext } from '@app/persistence';
import { conflict, notFound } from '../common/user-error';

/** Exports `Отправить всем` queues at once (the API's database pool holds 10 connections). */
const BATCH_SEND_AT_ONCE = 4;

/**
 * A task's delivery settings, its log, and sending (DESIGN §17). A send writes its row first
 * (queued, the message rendered, its Message-ID chosen) and then queues its job; a job Redis
 * refused is queued by the workers' mail reconciler, so a 202 always means the message will go.
 */
@Injectable()
export class DeliveriesService {
  private readonly logger = new Logger(DeliveriesService.name);

  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly batches: BatchesRepository,
    private readonly jobs: MailJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async settings(taskId: string): Promise<DeliverySettingsResponse> {
    const settings = await this.deliveries.settings(taskId);
    if (settings === 'no-task') throw notFound(ERR.taskNotFound);
    return { settings, defaults: { ...DEFAULT_DELIVERY_TEMPLATES } };
  }

  async put(actor: Actor, taskId: string, body: Required<PutDeliveryRequest>): Promise<DeliverySettingsResponse> {
    if (!(await this.deliveries.putSettings(actor, taskId, body))) throw notFound(ERR.taskNotFound);
    return this.settings(taskId);
  }

  async log(taskId: string): Promise<Delivery[]> {
    const log = await this.deliveries.forTask(taskId);
    if (log === null) throw notFound(ERR.taskNotFound);
    return log;
  }

  /** `Отправить`: 409 when that file already went to these recipients, unless `resend`. */
  async send(actor: Actor, exportId: string, resend: boolean): Promise<Delivery> {
    const outcome = await this.deliveries.request(actor, exportId, resend, this.compose);
    if ('refused' in outcome) {
      if (outcome.refused === 'not-found') throw notFound(ERR.exportNotFound);
      throw conflict(outcome.refused === 'not-ready' ? DELIVERY_ERR.exportNotReady : DELIVERY_ERR.noRecipients);
    }
    if ('sentAt' in outcome) throw conflict(DELIVERY_ERR.alreadySent(formatDayTime(outcome.sentAt, this.config.MAIL_TIMEZONE)));
    // Queued again even when it was on its way: the same job id, so at most it replaces a lost job.
    await this.queue(outcome.queued.id);
    return outcome.queued;
  }

  /** `Отправить всем` on a finished batch: each made file not yet sent to its task's current recipients. */
  async sendBatch(actor: Actor, batchId: string): Promise<BatchSendResponse> {
    const head = await this.batches.head(batchId);
    if (!head) throw notFound(BATCH_ERR.notFound);
    if (head.action !== 'generate') throw conflict(DELIVERY_ERR.batchNotGenerate);
    if (head.finished < head.total) throw conflict(DELIVERY_ERR.batchRunning);
    const answer: BatchSendResponse = { queued: 0, alreadySent: 0, noRecipients: 0 };
    const pending = await this.deliveries.batchExports(batchId);
    // A few at a time: each is its own short transaction, and the first messages leave while the rest are written.
    const next = async (): Promise<void> => {
      for (let exportId = pending.shift(); exportId !== undefined; exportId = pending.shift()) {
        const outcome = await this.deliveries.request(actor, exportId, false, this.compose);
        if ('refused' in outcome) {
          if (outcome.refused === 'no-recipients') answer.noRecipients++;
        } else if ('sentAt' in outcome || !outcome.fresh) {
          answer.alreadySent++;
        } else {
          answer.queued++;
          await this.queue(outcome.queued.id);
        }
      }
    };
    await Promise.all(Array.from({ length: BATCH_SEND_AT_ONCE }, next));
    return answer;
  }

  private readonly compose = (ctx: DeliveryContext) => composeDelivery(ctx, this.config);

  private async queue(deliveryId: string): Promise<void> {
    await this.jobs.send(deliveryId).catch((error: Error) => this.logger.warn({ deliveryId, err: error.message }, 'could not queue a message now; the mail reconciler will'));
  }
}
