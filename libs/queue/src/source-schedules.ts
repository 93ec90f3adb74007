import type { Queue } from 'bullmq';
import { SOURCE_POLL_JOB, sourceSchedulerId, type SourcePollJobData } from '@app/contracts';
import { withTimeout, QueueUnavailableError } from './job-options';

/** What a source's schedule is made of (DESIGN §16). */
export interface SourceSchedule {
  priceListId: string;
  everyMinutes: number | null;
  cron: string | null;
  timezone: string | null;
}

/** The time zone of a cron schedule without one (DESIGN §16). */
export const DEFAULT_TIMEZONE = 'Europe/Moscow';

const ENQUEUE_TIMEOUT_MS = 3_000;
const pollJobOptions = { attempts: 3, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: { age: 24 * 3600, count: 1_000 }, removeOnFail: { age: 7 * 24 * 3600 } };

/**
 * Sources' schedules as BullMQ job schedulers (DESIGN §16), one per list: Redis holds the one
 * next poll of each, so one poll of a source is queued at a time in the whole cluster and a
 * restart of any process loses none. The API sets them; the workers set them again from
 * PostgreSQL now and then (a Redis that lost its data lost them too).
 */
export class SourceSchedules {
  constructor(private readonly queue: Queue) {}

  async set(source: SourceSchedule): Promise<void> {
    const id = sourceSchedulerId(source.priceListId);
    const repeat = source.everyMinutes ? { every: source.everyMinutes * 60_000 } : source.cron ? { pattern: source.cron, tz: source.timezone || DEFAULT_TIMEZONE } : null;
    const data: SourcePollJobData = { priceListId: source.priceListId, trigger: 'schedule' };
    await this.call(repeat ? this.queue.upsertJobScheduler(id, repeat, { name: SOURCE_POLL_JOB, data, opts: pollJobOptions }) : this.queue.removeJobScheduler(id));
  }

  async remove(priceListId: string): Promise<void> {
    await this.call(this.queue.removeJobScheduler(sourceSchedulerId(priceListId)));
  }

  /** When the schedule polls next; null without one (or while Redis is away). */
  async nextRunAt(priceListId: string): Promise<string | null> {
    const scheduler = await withTimeout(this.queue.getJobScheduler(sourceSchedulerId(priceListId)), ENQUEUE_TIMEOUT_MS, 'scheduler lookup').catch(() => undefined);
    return scheduler?.next ? new Date(scheduler.next).toISOString() : null;
  }

  /** `Проверить сейчас`: a poll queued at once under `jobId`. */
  async runNow(priceListId: string, by: string, jobId: string): Promise<void> {
    const data: SourcePollJobData = { priceListId, trigger: 'manual', by };
    await this.call(this.queue.add(SOURCE_POLL_JOB, data, { ...pollJobOptions, jobId }));
  }

  private async call(work: Promise<unknown>): Promise<void> {
    try {
      await withTimeout(work, ENQUEUE_TIMEOUT_MS, 'source schedule');
    } catch (error) {
      throw new QueueUnavailableError((error as Error).message);
    }
  }
}
