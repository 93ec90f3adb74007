import { Queue } from 'bullmq';
import { redisOptions, type AppConfig } from '@app/config';
import { DELIVERY_LIMITS, MAIL_QUEUE, NOTIFY_JOB, SEND_JOB, type NotifyJobData, type SendJobData } from '@app/contracts';

/** How long adding a job may wait for Redis: the row is written already, the reconciler queues it later. */
const ENQUEUE_TIMEOUT_MS = 3_000;

/**
 * The options of a mail job: its id is its row's (queued twice, it is one job); a temporary
 * failure is tried DELIVERY_LIMITS.retries more times, each pause twice the one before it
 * (MAIL_RETRY_MS, MAIL_RETRY_MS × 2, …); ended jobs stay a day so a re-add of the same id is a no-op.
 */
export const mailJobOptions = (id: string, retryMs: number, attemptsLeft = DELIVERY_LIMITS.retries + 1) => ({
  jobId: id,
  attempts: Math.max(1, attemptsLeft),
  backoff: { type: 'exponential', delay: retryMs },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
});

/**
 * The producer side of the `mail` queue, for the API and the workers alike. Adding fails fast while
 * Redis is away: the caller has written the row first, so nothing is lost, only later.
 */
export class MailJobs {
  readonly queue: Queue<SendJobData | NotifyJobData>;

  constructor(private readonly config: Pick<AppConfig, 'QUEUE_PREFIX' | 'REDIS_URL' | 'MAIL_RETRY_MS'>) {
    this.queue = new Queue(MAIL_QUEUE, {
      prefix: config.QUEUE_PREFIX,
      connection: redisOptions(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }),
    });
    this.queue.on('error', () => undefined);
  }

  send(deliveryId: string, attemptsLeft?: number): Promise<void> {
    return this.add(SEND_JOB, { deliveryId }, deliveryId, attemptsLeft);
  }

  notify(noticeId: string, attemptsLeft?: number): Promise<void> {
    return this.add(NOTIFY_JOB, { noticeId }, noticeId, attemptsLeft);
  }

  private async add(name: string, data: SendJobData | NotifyJobData, id: string, attemptsLeft?: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('enqueue timed out')), ENQUEUE_TIMEOUT_MS)));
    try {
      await Promise.race([this.queue.add(name, data, mailJobOptions(id, this.config.MAIL_RETRY_MS, attemptsLeft)), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.queue.close(), new Promise((r) => (timer = setTimeout(r, 3_000)))]).finally(() => clearTimeout(timer));
    void this.queue.disconnect().catch(() => undefined);
  }
}
