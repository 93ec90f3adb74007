import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Delivery, PutDeliveryRequest } from '@app/contracts';
import { AppLauncher, type StackProcess } from '../../scripts/app-launcher';
import { adminAt, signedInAt } from './auth';
import { dropDatabase } from './databases';
import { binary } from './api-client';
import { CapturingSmtpServer } from './smtp-server';
import { testEnv } from './test-env';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A world of a mail test's own (DESIGN §17): its own database (so no other worker's mail
 * reconciler sees its deliveries), hence its own queue prefix, an SMTP server capturing what is
 * sent, the built API and workers as processes, with short retry pauses (MAIL_RETRY_MS) and lock
 * (JOB_LOCK_MS) so retries and the reconciler act within seconds. `extra` goes to every process.
 */
export class MailWorld {
  readonly launcher: AppLauncher;
  readonly workDir = mkdtempSync(join(tmpdir(), 'pe-mail-'));
  env: Record<string, string> = {};
  api!: StackProcess & { url: string };
  smtp!: CapturingSmtpServer;

  constructor(private readonly name: string) {
    this.launcher = new AppLauncher({}, join(this.workDir, 'logs'));
  }

  async start(extra: Record<string, string> = {}, smtp?: CapturingSmtpServer): Promise<void> {
    const { appEnv } = testEnv();
    this.smtp = smtp ?? (await CapturingSmtpServer.start());
    this.env = {
      ...appEnv,
      DATABASE_URL: `${appEnv.DATABASE_URL}_${this.name}`,
      SMTP_URL: this.smtp.url(),
      MAIL_FROM: 'Прайс-экспорт <prices@example.com>',
      MAIL_RETRY_MS: '300',
      MAIL_TIMEOUT_MS: '5000',
      JOB_LOCK_MS: '2000',
      DATA_DIR: join(this.workDir, 'data'),
      ...extra,
    };
    delete this.env.QUEUE_PREFIX;
    this.api = await this.launcher.startApi(`api-${this.name}`, this.env);
    await adminAt(this.api.url);
  }

  worker(name: string, extra: Record<string, string> = {}): Promise<StackProcess> {
    return this.launcher.startWorker(`worker-${this.name}-${name}`, { ...this.env, ...extra });
  }

  /** The world's first admin. */
  at() {
    return signedInAt(this.api.url);
  }

  async putDelivery(taskId: string, body: PutDeliveryRequest): Promise<void> {
    await this.at().put(`/api/tasks/${taskId}/delivery`).send(body).expect(200);
  }

  /** `Сформировать`: the export's id and the bytes of its file. */
  async generate(taskId: string): Promise<{ exportId: string; bytes: Buffer }> {
    const res = await this.at().post(`/api/tasks/${taskId}/generate`).buffer(true).parse(binary).expect(200);
    return { exportId: res.headers['x-export-id'] as string, bytes: res.body as Buffer };
  }

  async deliveries(taskId: string): Promise<Delivery[]> {
    return (await this.at().get(`/api/tasks/${taskId}/deliveries`).expect(200)).body as Delivery[];
  }

  /** Polls the task's delivery log until `holds` (the deadline only stops a hang; no timing is asserted). */
  async waitForDeliveries(taskId: string, holds: (log: Delivery[]) => boolean, timeoutMs = 120_000): Promise<Delivery[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const log = await this.deliveries(taskId);
      if (holds(log)) return log;
      if (Date.now() > deadline) throw new Error(`delivery log of ${taskId}: ${JSON.stringify(log.map((d) => [d.status, d.attempts, d.error]))}`);
      await sleep(100);
    }
  }

  async close(): Promise<void> {
    await this.launcher.stopAll(10_000);
    await this.smtp?.stop();
    if (this.env.DATABASE_URL) await dropDatabase(this.env.DATABASE_URL).catch(() => undefined);
    if (!process.env.KEEP_TEST_LOGS) rmSync(this.workDir, { recursive: true, force: true });
  }
}

/** Every delivery of the log has ended (sent or failed). */
export const allEnded = (log: Delivery[]) => log.length > 0 && log.every((d) => d.status !== 'queued');
