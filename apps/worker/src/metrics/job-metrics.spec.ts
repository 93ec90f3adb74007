import { UnrecoverableError, type Job } from 'bullmq';
import { WorkerMetrics } from '@app/metrics';
import { parseExposition, value } from '@app/metrics/testing/exposition';
import { countedAttempt, failedAttemptOutcome } from './job-metrics';

const job = (name: string, attemptsMade: number, attempts?: number, timestamp = Date.now()) => ({ name, attemptsMade, opts: { attempts }, timestamp }) as unknown as Job;

const sample = async (metrics: WorkerMetrics, name: string, labels: Record<string, string>) => value(parseExposition(await metrics.render()), name, labels);

describe('a job attempt, counted', () => {
  it('is retried while BullMQ will retry it, and failed on the last attempt or when unrecoverable', () => {
    expect(failedAttemptOutcome(job('generate', 0, 3), new Error('S3 down'))).toBe('retried');
    expect(failedAttemptOutcome(job('generate', 2, 3), new Error('S3 down'))).toBe('failed');
    expect(failedAttemptOutcome(job('generate', 0, 3), new UnrecoverableError('bad file'))).toBe('failed');
    expect(failedAttemptOutcome(job('columns', 0), new Error('x'))).toBe('failed');
    const parked = Object.assign(new Error('later'), { name: 'DelayedError' });
    expect(failedAttemptOutcome(job('generate', 0, 3), parked)).toBeUndefined();
  });

  it('moves the counter and the histogram of its kind, and leaves jobs of no kind alone', async () => {
    const metrics = new WorkerMetrics(() => 0);
    await countedAttempt(metrics, job('generate', 0, 3), async () => 'ok');
    await expect(countedAttempt(metrics, job('check', 0, 2), () => Promise.reject(new Error('outage')))).rejects.toThrow('outage');
    await expect(countedAttempt(metrics, job('check', 1, 2), () => Promise.reject(new Error('outage')))).rejects.toThrow('outage');
    await countedAttempt(metrics, job('housekeeping', 0), async () => null);
    await countedAttempt(metrics, job('notify', 0, 6), async () => null);
    await countedAttempt(metrics, job('mail-reconcile', 0), async () => null);
    expect(await sample(metrics, 'pe_jobs_total', { kind: 'generate', outcome: 'done' })).toBe(1);
    expect(await sample(metrics, 'pe_jobs_total', { kind: 'check', outcome: 'retried' })).toBe(1);
    expect(await sample(metrics, 'pe_jobs_total', { kind: 'check', outcome: 'failed' })).toBe(1);
    expect(await sample(metrics, 'pe_job_duration_seconds_count', { kind: 'check' })).toBe(2);
    // A follower's notice is user work like a send; the recurring reconcilers are not.
    expect(await sample(metrics, 'pe_jobs_total', { kind: 'notify', outcome: 'done' })).toBe(1);
    expect(await sample(metrics, 'pe_job_duration_seconds_count', { kind: 'notify' })).toBe(1);
    const text = await metrics.render();
    expect(text).not.toMatch(/housekeeping|reconcile/);
    // Every kind of §18 is there from the start, so an alert has a series before the first job.
    expect(text).toMatch(/pe_jobs_total\{kind="send",outcome="failed"\} 0/);
    expect(text).toMatch(/pe_source_polls_total\{outcome="failed"\} 0/);
  });

  it("times a batch from its queueing: its parent job runs only once its children have ended", async () => {
    const metrics = new WorkerMetrics(() => 0);
    await countedAttempt(metrics, job('batch', 0, 3, Date.now() - 42_000), async () => null);
    expect(await sample(metrics, 'pe_job_duration_seconds_sum', { kind: 'batch' })).toBeGreaterThanOrEqual(42);
    expect(await sample(metrics, 'pe_job_duration_seconds_bucket', { kind: 'batch', le: '30' })).toBe(0);
    expect(await sample(metrics, 'pe_job_duration_seconds_bucket', { kind: 'batch', le: '60' })).toBe(1);
  });
});
