import { SMTPServer } from 'smtp-server';
import { freePort } from '../app-processes';

/**
 * A local SMTP server for the mail stage: it takes every message (reading its data whole, as a
 * real server does) and keeps when each arrived, its size, its Message-ID and how many
 * attachments it has; nothing else, so the time measured is the app's. It counts connections: a
 * pooled sender opens few.
 */
export class SmtpSink {
  readonly arrivals: { at: number; bytes: number; messageId: string; attachments: number }[] = [];
  connections = 0;
  private constructor(
    readonly port: number,
    private readonly server: SMTPServer,
  ) {}

  static async start(): Promise<SmtpSink> {
    const port = await freePort();
    let sink: SmtpSink | undefined;
    const server = new SMTPServer({
      logger: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      size: 64 * 1024 * 1024,
      onConnect: (_session, callback) => {
        sink!.connections++;
        callback();
      },
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('latin1');
          const messageId = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '';
          sink!.arrivals.push({ at: performance.now(), bytes: raw.length, messageId, attachments: (raw.match(/^Content-Disposition:\s*attachment/gim) ?? []).length });
          callback(null, 'Ok');
        });
      },
    });
    sink = new SmtpSink(port, server);
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves with the arrival time of message number `count` (from the start of the sink's life). */
  async waitFor(count: number, timeoutMs: number): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    while (this.arrivals.length < count) {
      if (performance.now() > deadline) throw new Error(`the SMTP sink has ${this.arrivals.length} of ${count} messages`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.arrivals[count - 1].at;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
