import type { Job } from 'bullmq';
import { isOutage, type JobProgress } from '@app/contracts';

const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 4_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One attempt's patience with PostgreSQL: a query that fails because the database is down is
 * tried again with back-off (250 ms doubling to 4 s) until the database answers or this attempt
 * has waited `budgetMs` in all (GENERATE_TIMEOUT_MS: as long as a request waits for the job);
 * then the outage is the attempt's failure, which BullMQ retries. Any other error passes at once.
 * While it waits, the job's progress says so, and a request that stops waiting meanwhile answers
 * 503 rather than 504 (ExportsService).
 */
export class OutageWait {
  private waitedMs = 0;

  constructor(
    private readonly job: Job,
    private readonly budgetMs: number,
  ) {}

  async database<T>(work: () => Promise<T>): Promise<T> {
    let pause = FIRST_PAUSE_MS;
    let waiting = false;
    try {
      for (;;) {
        try {
          return await work();
        } catch (error) {
          if (!isOutage(error) || this.waitedMs >= this.budgetMs) throw error;
          if (!waiting) await this.mark({ waitingFor: 'database' });
          waiting = true;
          const slept = Math.min(pause, this.budgetMs - this.waitedMs);
          await sleep(slept);
          this.waitedMs += slept;
          pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
        }
      }
    } finally {
      if (waiting) await this.mark({});
    }
  }

  /** Progress lives in Redis, which may be away too: the wait goes on without it. */
  private async mark(progress: JobProgress): Promise<void> {
    await this.job.updateProgress(progress).catch(() => undefined);
  }
}
