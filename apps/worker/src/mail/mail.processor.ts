import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { Worker, type Job } from 'bullmq';
import { APP_CONFIG, redisOptions, type AppConfig } from '@app/config';
import { WorkerMetrics } from '@app/metrics';
import { countedAttempt, failedAttemptOutcome } from '../metrics/job-metrics';
import { MAIL_QUEUE, MAIL_RECONCILE_JOB, NOTIFY_JOB, SEND_JOB, type NotifyJobData, type SendJobData } from '@app/contracts';
import { MailJobs, Mailer } from '@app/delivery';
import { MailReconciler } from './mail-reconciler';
import { NotifyJobRunner } from './notify-job.runner';
import { SendJobRunner } from './send-job.runner';

/**
 * The consumer of the `mail` queue (DESIGN §17): `send` and `notify` jobs, MAIL_CONCURRENCY at once
 * (their time is the mail server's, not the CPU's), and its recurring reconcile. Closing waits for
 * the messages in flight; one cut short (past the grace period, or a killed process) is taken up
 * again once its lock expires and sent with the same Message-ID.
 */
@Injectable()
export class MailProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker<SendJobData | NotifyJobData | Record<string, never>, null>;
  private scheduleTimer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sends: SendJobRunner,
    private readonly notices: NotifyJobRunner,
    private readonly reconciler: MailReconciler,
    private readonly jobs: MailJobs,
    private readonly mailer: Mailer,
    private readonly logger: PinoLogger,
    private readonly metrics: WorkerMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { config } = this;
    // Every attempt counted and timed by its kind (DESIGN §18); each attempt of a send also by its outcome.
    this.worker = new Worker(MAIL_QUEUE, (job) => countedAttempt(this.metrics, job, () => this.process(job)), {
      prefix: config.QUEUE_PREFIX,
      connection: redisOptions(config.REDIS_URL, { maxRetriesPerRequest: null }),
      concurrency: config.MAIL_CONCURRENCY,
      lockDuration: config.JOB_LOCK_MS,
      stalledInterval: config.JOB_LOCK_MS,
      maxStalledCount: 2,
      name: `mail-${process.pid}`,
    });
    this.worker.on('error', (err) => this.logger.warn({ err: err.message }, 'mail worker connection error'));
    this.worker.on('failed', (job, err) => this.logger.warn({ jobId: job?.id, name: job?.name, attemptsMade: job?.attemptsMade, err: err.message }, 'mail job attempt failed'));
    await this.worker.waitUntilReady();
    await this.registerSchedule().catch(() => undefined);
    // A Redis that lost its data lost the schedule too.
    this.scheduleTimer = setInterval(() => void this.registerSchedule().catch(() => undefined), config.JOB_LOCK_MS);
    this.scheduleTimer.unref();
    this.logger.info({ concurrency: config.MAIL_CONCURRENCY, queue: MAIL_QUEUE, way: this.mailer.kind }, 'consuming the mail queue');
  }

  private async registerSchedule(): Promise<void> {
    const opts = { removeOnComplete: 50, removeOnFail: 50 };
    await this.jobs.queue.upsertJobScheduler(MAIL_RECONCILE_JOB, { every: this.config.JOB_LOCK_MS }, { name: MAIL_RECONCILE_JOB, opts });
  }

  private async process(job: Job<SendJobData | NotifyJobData | Record<string, never>, null>): Promise<null> {
    if (job.name === SEND_JOB) return this.send(job as Job<SendJobData>);
    if (job.name === NOTIFY_JOB) return this.notices.run(job as Job<NotifyJobData>);
    if (job.name === MAIL_RECONCILE_JOB) {
      await this.reconciler.run();
      return null;
    }
    throw new Error(`unknown mail job ${job.name}`);
  }

  /** pe_deliveries_total: an attempt sent, to be tried again, or failed for good. */
  private async send(job: Job<SendJobData>): Promise<null> {
    try {
      const result = await this.sends.run(job);
      this.metrics.deliveryEnded('sent');
      return result;
    } catch (error) {
      const outcome = failedAttemptOutcome(job, error);
      if (outcome) this.metrics.deliveryEnded(outcome === 'retried' ? 'retried' : 'failed');
      throw error;
    }
  }

  async onApplicationShutdown(signal?: string): Promise<void> {
    this.logger.info({ signal }, 'mail worker closing: finishing the messages in flight');
    clearInterval(this.scheduleTimer);
    await this.worker?.close();
    await this.jobs.close();
    this.mailer.close();
  }
}
