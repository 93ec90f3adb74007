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

function repeatOf(source: SourceSchedule): { every?: number; pattern?: string; tz?: string } | null {
  if (source.everyMinutes) return { every: source.everyMinutes * 60_000 };
  return source.cron ? { pattern: source.cron, tz: source.timezone || DEFAULT_TIMEZONE } : null;
}
const pollJobOptions = { attempts: 3, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: { age: 24 * 3600, count: 1_000 }, removeOnFail: { age: 7 * 24 * 3600 } };

/**
 * Sources' schedules as BullMQ job schedulers (DESIGN §16), one per list: Redis holds the one
 * next poll of each, so one poll of a source is queued at a time in the whole cluster and a
 * restart of any process loses none. The API sets them; the workers set them again from
 * PostgreSQL now and then (a Redis that lost its data lost them too).
 */
export class SourceSchedules {
  constructor(private readonly queue: Queue) {}

  /**
   * The source's schedule as it is now (none: its scheduler removed). Every N minutes polls first
   * N minutes from now, not at once (`Проверить сейчас` is for that).
   */
  async set(source: SourceSchedule): Promise<void> {
    const id = sourceSchedulerId(source.priceListId);
    const repeat = repeatOf(source);
    const data: SourcePollJobData = { priceListId: source.priceListId, trigger: 'schedule' };
    const first = repeat?.every ? { startDate: Date.now() + repeat.every } : {};
    await this.call(repeat ? this.queue.upsertJobScheduler(id, { ...repeat, ...first }, { name: SOURCE_POLL_JOB, data, opts: pollJobOptions }) : this.queue.removeJobScheduler(id));
  }

  /** Sets it only when Redis has no scheduler of this schedule (lost with Redis's data, or never set): a kept one keeps its next poll. */
  async ensure(source: SourceSchedule): Promise<void> {
    const want = repeatOf(source);
    const have = await this.queue.getJobScheduler(sourceSchedulerId(source.priceListId));
    const same = have && want && (have.every ?? null) === (want.every ?? null) && (have.pattern ?? null) === (want.pattern ?? null) && (have.tz ?? null) === (want.tz ?? null);
    if (!same) await this.set(source);
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
