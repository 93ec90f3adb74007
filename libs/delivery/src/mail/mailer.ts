import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '@app/config';
import { DELIVERY_ERR, OUTBOX_REPLY } from '@app/contracts';
import { MailFailure, mailFailureOf } from './mail-failure';

export interface OutgoingMessage {
  to: string[];
  cc?: string[];
  subject: string;
  text: string;
  /** `<id@domain>`, chosen before the first attempt (newMessageId). */
  messageId: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface SentMessage {
  /** The server's reply to the message (`250 2.0.0 OK …`), or where the outbox wrote it. */
  reply: string;
  /** Recipients the server refused while taking the message for the others. */
  rejected: string[];
}

/** Sends one message or throws a MailFailure that says whether trying again can help (also the apps' injection token). */
export abstract class Mailer {
  abstract readonly kind: 'smtp' | 'outbox' | 'off';
  abstract send(message: OutgoingMessage): Promise<SentMessage>;
  abstract close(): void;
}

export type MailSettings = Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_TIMEOUT_MS' | 'MAIL_CONCURRENCY' | 'NODE_ENV' | 'DATA_DIR'>;

/**
 * The way out (DESIGN §17): SMTP when SMTP_URL is set (pooled connections); without it, outside
 * production, each message is written to DATA_DIR/outbox as an .eml file, so a new user sees what
 * would be sent; in production without it every send fails saying mail is not configured (an
 * outbox inside a container is mail nobody reads).
 */
export function createMailer(settings: MailSettings): Mailer {
  if (settings.SMTP_URL) return new SmtpMailer(settings, settings.SMTP_URL);
  if (settings.NODE_ENV !== 'production') return new OutboxMailer(settings);
  return new OffMailer();
}

class OffMailer extends Mailer {
  readonly kind = 'off';

  send(): Promise<SentMessage> {
    return Promise.reject(new MailFailure(true, null, DELIVERY_ERR.notConfigured));
  }

  close(): void {}
}

const base = (m: OutgoingMessage, from: string) => ({
  from,
  to: m.to,
  cc: m.cc?.length ? m.cc : undefined,
  subject: m.subject,
  text: m.text,
  messageId: m.messageId,
  attachments: m.attachments,
  // Only buffers are attached: never let a value be read as a path or a URL.
  disableFileAccess: true,
  disableUrlAccess: true,
});

/**
 * `smtp://` talks plain SMTP and upgrades with STARTTLS when the server offers it — and insists on
 * it when credentials are given, so a password never crosses the network in the clear; `smtps://`
 * is TLS from the first byte. A server with a private certificate authority: NODE_EXTRA_CA_CERTS.
 * nodemailer's own requeue of a message whose connection broke is off: every attempt is one the
 * delivery log counts (and whose outcome it records) before another is made.
 */
class SmtpMailer extends Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(
    private readonly settings: MailSettings,
    url: string,
  ) {
    super();
    const u = new URL(url);
    const secure = u.protocol === 'smtps:';
    const auth = u.username || u.password ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined;
    this.transport = nodemailer.createTransport({
      pool: true,
      host: u.hostname.replace(/^\[|\]$/g, ''),
      port: u.port ? Number(u.port) : secure ? 465 : 587,
      secure,
      requireTLS: !secure && !!auth,
      auth,
      maxConnections: settings.MAIL_CONCURRENCY,
      maxMessages: 100,
      maxRequeues: 0,
      connectionTimeout: settings.MAIL_TIMEOUT_MS,
      greetingTimeout: settings.MAIL_TIMEOUT_MS,
      socketTimeout: settings.MAIL_TIMEOUT_MS,
    });
  }

  async send(message: OutgoingMessage): Promise<SentMessage> {
    try {
      const info = (await this.transport.sendMail(base(message, this.settings.MAIL_FROM))) as { response?: string; rejected?: unknown[] };
      return { reply: String(info.response ?? '').slice(0, 1000), rejected: (info.rejected ?? []).map(String) };
    } catch (error) {
      throw mailFailureOf(error);
    }
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * DATA_DIR/outbox/<Message-ID>.eml: one file per message, named by its id, so a retry rewrites
 * the same file rather than adding one (written beside and renamed, never seen half-written).
 */
class OutboxMailer extends Mailer {
  readonly kind = 'outbox';
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  private readonly dir: string;

  constructor(private readonly settings: MailSettings) {
    super();
    this.dir = resolve(settings.DATA_DIR, 'outbox');
  }

  async send(message: OutgoingMessage): Promise<SentMessage> {
    try {
      const info = (await this.transport.sendMail(base(message, this.settings.MAIL_FROM))) as { message: Buffer };
      await mkdir(this.dir, { recursive: true });
      const name = `${message.messageId.replace(/[<>]/g, '').replace(/[^A-Za-z0-9@._-]/g, '_')}.eml`;
      const file = join(this.dir, name);
      await writeFile(`${file}.part`, info.message);
      await rename(`${file}.part`, file);
      const shown = relative(process.cwd(), file);
      return { reply: OUTBOX_REPLY(shown.startsWith('..') ? file : shown), rejected: [] };
    } catch (error) {
      throw mailFailureOf(error);
    }
  }

  close(): void {
    this.transport.close();
  }
}
