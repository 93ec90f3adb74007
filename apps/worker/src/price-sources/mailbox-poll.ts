import { Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { SOURCE_RUN_TEXT, type MailboxSourceSettings } from '@app/contracts';
import { PriceListSourcesRepository, PriceListVersionsRepository } from '@app/persistence';
import { pollMailbox, settleMailbox, type MailMessageRef } from '@app/sources';
import { VersionDiffJobRunner } from '../price-versions/version-diff-job.runner';
import type { PollContext, PollResult } from './poll-result';
import { settledResult } from './settled-result';
import { NotAPriceList, VersionIntake } from './version-intake';

/**
 * A poll of a mailbox (DESIGN §16), in two phases so that a message is never taken twice nor
 * lost: the new matching messages are read (nothing changed on the server), each one's first
 * matching attachment becomes a version recorded together with the message's id (a message with
 * none, or with a file that is not a price list, is recorded as refused); only then are they
 * marked seen and moved to the processed folder. A poll that died in between finds them recorded
 * and only settles them. The versions are compared in the order the messages came.
 */
@Injectable()
export class MailboxPoll {
  constructor(
    private readonly sources: PriceListSourcesRepository,
    private readonly versions: PriceListVersionsRepository,
    private readonly intake: VersionIntake,
    private readonly diffs: VersionDiffJobRunner,
    private readonly logger: PinoLogger,
  ) {}

  async poll(settings: MailboxSourceSettings, ctx: PollContext): Promise<PollResult> {
    const listId = ctx.source.priceListId;
    const log = this.logger.logger.child({ jobId: ctx.job.id, priceListId: listId });
    const found = await pollMailbox(settings, (messageId) => this.sources.taken(listId, messageId), ctx.limits, ctx.dir);
    const made: string[] = [];
    const refused: string[] = [];
    const settle: MailMessageRef[] = [...found.pending];
    for (const message of found.messages) {
      if (message.outcome === 'failed') {
        await this.sources.take(listId, message.messageId, null);
        refused.push(message.failure.message);
      } else {
        try {
          const versionId = await this.intake.add(ctx.actor, listId, { ...message.attachment }, 'mailbox', message.messageId);
          if (versionId) made.push(versionId);
        } catch (error) {
          if (!(error instanceof NotAPriceList)) throw error;
          await this.sources.take(listId, message.messageId, null);
          refused.push(error.message);
        }
      }
      settle.push(message.ref);
    }
    if (settle.length) await settleMailbox(settings, settle, ctx.limits);
    log.info({ messages: found.messages.length, pending: found.pending.length, versions: made.length, refused: refused.length, more: found.more }, 'mailbox read');
    return this.result(made, refused, ctx, log);
  }

  /** The run: the last version it made (held if any was), else what was refused, else nothing new. */
  private async result(made: string[], refused: string[], ctx: PollContext, log: PinoLogger['logger']): Promise<PollResult> {
    if (made.length === 0) {
      return refused.length ? { outcome: 'failed', message: refused.join('; '), versionId: null } : { outcome: 'unchanged', message: SOURCE_RUN_TEXT.unchangedNoMail, versionId: null };
    }
    const results: PollResult[] = [];
    for (const versionId of made) {
      await this.diffs.settle(versionId, ctx.job, log);
      results.push(settledResult(await this.versions.byId(versionId), versionId));
    }
    const shown = results.find((r) => r.outcome === 'held') ?? results[results.length - 1];
    return { ...shown, message: [...results.map((r) => r.message), ...refused].join('; ') };
  }
}
