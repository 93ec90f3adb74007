import type { Delivery } from '@app/contracts';
import { sampleTaskAt } from '../support/generate-helpers';
import { MailWorld, allEnded } from '../support/mail-world';
import { ownRedis, type OwnService } from '../support/own-services';

/**
 * A message goes out once whatever happens (DESIGN §17, issue 36 item 3), against real processes
 * in a world of its own (database, Redis, SMTP server): a worker killed in the middle of the SMTP
 * conversation, the mail server away for a while, Redis losing its data. Pauses are short by
 * configuration (MAIL_RETRY_MS, JOB_LOCK_MS), not the production defaults.
 */
jest.setTimeout(240_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('mail under faults', () => {
  const world = new MailWorld('mail_faults');
  let redis: OwnService;

  beforeAll(async () => {
    redis = await ownRedis();
    await world.start({ REDIS_URL: redis.url, MAIL_RETRY_MS: '1000' });
  }, 180_000);
  afterAll(async () => {
    await world.close();
    await redis.destroy();
  });

  /** A task with recipients and a made export, ready to send. */
  async function exportToSend(name: string): Promise<{ taskId: string; exportId: string; bytes: Buffer }> {
    const taskId = await sampleTaskAt(world.api.url, name);
    await world.putDelivery(taskId, { to: [`${name.replace(/\W/g, '') || 'x'}@chain.example`] });
    return { taskId, ...(await world.generate(taskId)) };
  }

  /** The server took exactly one message with the delivery's Message-ID, and it carries the file. */
  function tookOnce(delivery: Delivery, bytes: Buffer): void {
    const copies = world.smtp.messages.filter((m) => m.message.messageId === delivery.messageId);
    expect(copies).toHaveLength(1);
    expect(copies[0].message.attachments[0].content.equals(bytes)).toBe(true);
  }

  async function until(taskId: string, holds: (d: Delivery) => boolean): Promise<Delivery> {
    for (;;) {
      const [d] = await world.deliveries(taskId);
      if (d && holds(d)) return d;
      await sleep(50);
    }
  }

  it('a worker killed (SIGKILL) while the server holds the message’s data: another worker sends it once, with the same Message-ID', async () => {
    const first = await world.worker('a');
    const { taskId, exportId, bytes } = await exportToSend('killed');
    const held = world.smtp.holdNext();
    await world.at().post(`/api/exports/${exportId}/send`).expect(202);
    await held.reached;
    const during = await until(taskId, () => true);
    expect(during).toMatchObject({ status: 'queued', attempts: 1 });
    await first.stop('SIGKILL');
    // The server answers only now, to a connection it has seen close: it has not taken the message.
    await held.closed;
    held.release();
    const second = await world.worker('b');
    const [sent] = await world.waitForDeliveries(taskId, allEnded);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, messageId: during.messageId });
    tookOnce(sent, bytes);
    await second.stop('SIGTERM', 10_000);
  });

  it('the mail server away: the message waits through failed attempts (growing pauses) and goes once when it is back', async () => {
    const worker = await world.worker('c');
    const { taskId, exportId, bytes } = await exportToSend('away');
    await world.smtp.stop();
    await world.at().post(`/api/exports/${exportId}/send`).expect(202);
    const waiting = await until(taskId, (d) => d.attempts >= 3);
    expect(waiting.status).toBe('queued');
    expect(waiting.error).toMatch(/^Не удалось отправить письмо: .*ECONNREFUSED/);
    await world.smtp.start();
    const [sent] = await world.waitForDeliveries(taskId, allEnded);
    expect(sent.status).toBe('sent');
    expect(sent.attempts).toBeGreaterThanOrEqual(4);
    expect(sent.error).toBeNull();
    tookOnce(sent, bytes);
    await worker.stop('SIGTERM', 10_000);
  });

  it('Redis loses its data while a message waits for its next attempt: the reconciler queues it again from PostgreSQL, and it goes once', async () => {
    const worker = await world.worker('d');
    const { taskId, exportId, bytes } = await exportToSend('wiped');
    await world.smtp.stop();
    await world.at().post(`/api/exports/${exportId}/send`).expect(202);
    await until(taskId, (d) => d.attempts >= 2);
    await redis.stop();
    await redis.start();
    await world.smtp.start();
    const [sent] = await world.waitForDeliveries(taskId, allEnded);
    expect(sent.status).toBe('sent');
    tookOnce(sent, bytes);
    expect(worker.lines.some((l) => l.includes('mail reconciled'))).toBe(true);
    await worker.stop('SIGTERM', 10_000);
  });
});
