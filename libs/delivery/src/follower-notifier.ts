import type { AppConfig } from '@app/config';
import { BatchesRepository, NoticesRepository, type NewNotice } from '@app/persistence';
import { toBatch } from './batch-view';
import { MailJobs } from './mail/mail-jobs';
import { newMessageId } from './mail/message-id';
import { appLink, batchNotice, failingNotice, heldNotice, type HoldReason } from './notice-texts';

export type NotifierSettings = Pick<AppConfig, 'MAIL_FROM' | 'MAIL_TIMEZONE' | 'PUBLIC_URL'>;

/** A version the guard held (DESIGN §16). */
export interface VersionHeldEvent {
  priceListId: string;
  versionId: string;
  /** The version's file name, as the list page shows it. */
  fileName: string;
  reasons: HoldReason[];
  /** Where to accept or reject it; the price lists page by default. */
  link?: string;
}

/** A source that failed its polls in a row (DESIGN §16: three). */
export interface SourceFailingEvent {
  priceListId: string;
  /** The run that made it three in a row: the event is told once per such run. */
  runId: string;
  /** The failed runs' messages, newest first. */
  messages: string[];
  link?: string;
}

/**
 * People told (DESIGN §17): writes a notice (unique per event, so telling one event twice sends
 * one message) and queues its `notify` job. The price list's followers hear of a held version and
 * of a failing source; a batch's end goes to whoever started it, or, for a batch a list started by
 * itself (`batches.reason`), to the list's followers, with Итоги.xlsx attached when sent. Only
 * active users with an address hear anything; with nobody to tell, no notice is written. Each
 * method answers the notice's id, or null when there was nobody to tell or it was told already.
 * A notice whose job Redis refused is queued by the mail reconciler later.
 */
export class FollowerNotifier {
  constructor(
    private readonly notices: NoticesRepository,
    private readonly batches: BatchesRepository,
    private readonly jobs: MailJobs,
    private readonly settings: NotifierSettings,
    private readonly warn: (message: string, error: Error) => void = () => undefined,
  ) {}

  async versionHeld(e: VersionHeldEvent): Promise<string | null> {
    const list = await this.notices.priceListName(e.priceListId);
    const recipients = await this.notices.followerEmails(e.priceListId);
    if (list === null || recipients.length === 0) return null;
    const text = heldNotice(list, e.fileName, e.reasons, e.link ?? appLink(this.settings.PUBLIC_URL, '/price-lists'));
    return this.queue(await this.notices.create(this.notice(`version-held:${e.versionId}`, 'version-held', recipients, text)));
  }

  async sourceFailing(e: SourceFailingEvent): Promise<string | null> {
    const list = await this.notices.priceListName(e.priceListId);
    const recipients = await this.notices.followerEmails(e.priceListId);
    if (list === null || recipients.length === 0) return null;
    const text = failingNotice(list, e.messages, e.link ?? appLink(this.settings.PUBLIC_URL, '/price-lists'));
    return this.queue(await this.notices.create(this.notice(`source-failing:${e.runId}`, 'source-failing', recipients, text)));
  }

  /** Once per batch, after it has finished (its parent job, or the reconciler for a batch whose job was lost). */
  async batchEnded(batchId: string): Promise<string | null> {
    const ended = await this.notices.endedBatch(batchId);
    const head = await this.batches.head(batchId);
    if (!ended || !head) return null;
    const byItself = ended.reason !== null && ended.priceListId !== null;
    const recipients = byItself ? await this.notices.followerEmails(ended.priceListId!) : ended.starterEmail ? [ended.starterEmail] : [];
    let notice: NewNotice | null = null;
    if (recipients.length) {
      const batch = toBatch(head, await this.batches.rows(batchId));
      const text = batchNotice(batch, byItself ? (ended.priceListName ?? '') : null, this.settings.MAIL_TIMEZONE, appLink(this.settings.PUBLIC_URL, `/batch/${batchId}`));
      notice = { ...this.notice(`batch-ended:${batchId}`, 'batch-ended', recipients, text), batchId };
    }
    return this.queue(await this.notices.createForBatch(batchId, notice));
  }

  private notice(key: string, kind: NewNotice['kind'], recipients: string[], text: { subject: string; body: string }): NewNotice {
    return { key, kind, recipients, ...text, messageId: newMessageId(this.settings.MAIL_FROM) };
  }

  private async queue(id: string | null): Promise<string | null> {
    if (id) await this.jobs.notify(id).catch((error: Error) => this.warn('could not queue a notice; the mail reconciler will', error));
    return id;
  }
}
