import { UnrecoverableError, type Job } from 'bullmq';
import type { PinoLogger } from 'nestjs-pino';
import { DELIVERY_ERR } from '@app/contracts';
import { MailFailure, mailFailureOf, type Mailer, type OutgoingMessage } from '@app/delivery';
import { isNotFound } from '@app/storage';
import { OutageWait } from '../export/outage-wait';

/** The life a delivery and a notice share: queued → sent | failed, each attempt counted before it is made. */
export interface QueuedMailRows {
  startAttempt(id: string): Promise<number | null>;
  noteRetry(id: string, reply: string | null, error: string): Promise<void>;
  markSent(id: string, reply: string): Promise<boolean>;
  markFailed(id: string, reply: string | null, error: string): Promise<boolean>;
}

/** How long the outcome of a message the server took may wait for PostgreSQL: the job's lock is kept meanwhile. */
const RECORD_BUDGET_MS = 10 * 60_000;

/**
 * One attempt of a queued row's message (DESIGN §17, exactly once): the attempt is counted on the
 * row before the SMTP conversation, the outcome written after it. The message's id was chosen
 * when the row was written, so an attempt after one whose outcome is unknown (a worker killed
 * mid-conversation) sends the very same message. A permanent failure, or a temporary one on the
 * last attempt, ends the row failed with the reason and ends the job without retry; a temporary
 * one is noted on the row and thrown for BullMQ to retry after its growing pause.
 */
export async function attemptMail(args: {
  job: Job;
  id: string;
  rows: QueuedMailRows;
  mailer: Mailer;
  budgetMs: number;
  maxAttempts: number;
  build: () => Promise<OutgoingMessage>;
  log: PinoLogger['logger'];
}): Promise<'sent' | 'ended'> {
  const { job, id, rows, log } = args;
  const wait = new OutageWait(job, args.budgetMs);
  const attempt = await wait.database(() => rows.startAttempt(id));
  if (attempt === null) return 'ended';
  if (attempt > 1) log.info({ attempt }, 'another attempt of a message; it keeps its Message-ID');
  let reply: string;
  try {
    const sent = await args.mailer.send(await args.build());
    reply = sent.rejected.length ? `${sent.reply}; ${DELIVERY_ERR.partlyRejected(sent.rejected)}` : sent.reply;
  } catch (error) {
    const failure = asFailure(error);
    const last = failure.permanent || attempt >= args.maxAttempts || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    log[last ? 'warn' : 'info']({ err: failure.reason, reply: failure.reply, attempt, final: last }, 'message not sent');
    if (last) {
      await wait.database(() => rows.markFailed(id, failure.reply, failure.reason));
      throw new UnrecoverableError(failure.reason);
    }
    await rows.noteRetry(id, failure.reply, failure.reason).catch(() => undefined);
    throw failure;
  }
  await new OutageWait(job, RECORD_BUDGET_MS).database(() => rows.markSent(id, reply));
  log.info({ attempt, reply }, 'message sent');
  return 'sent';
}

/** A stored file gone is final; storage or anything else unknown is tried again. */
function asFailure(error: unknown): MailFailure {
  if (error instanceof MailFailure) return error;
  if (isNotFound(error)) return new MailFailure(true, null, DELIVERY_ERR.fileGone);
  return mailFailureOf(error);
}
