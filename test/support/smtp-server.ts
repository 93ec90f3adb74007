import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { freePort } from '../../scripts/app-processes';
import { parseMessage, type ParsedMessage } from './mime-message';

/** A message the server took (it answered 250 to its data), as the envelope and the headers say. */
export interface CapturedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: Buffer;
  message: ParsedMessage;
  /** The conversation was encrypted (STARTTLS or TLS from the start). */
  secure: boolean;
  user: string | null;
}

export interface SmtpServerOptions {
  /** `starttls`: plain, offering STARTTLS; `implicit`: TLS from the first byte (smtps); none: plain only. */
  tls?: 'starttls' | 'implicit';
  /** The server's certificate (selfSignedCertificate): required with `tls`. */
  certificate?: Certificate;
  /** A login the server requires (only over TLS, as real servers do). */
  auth?: { user: string; pass: string };
}

export interface Certificate {
  key: Buffer;
  cert: Buffer;
  /** The certificate's file, for NODE_EXTRA_CA_CERTS of the processes that are to trust it. */
  certFile: string;
  remove(): void;
}

/** A certificate for `localhost` and 127.0.0.1 signed by itself, made with Debian's openssl. */
export function selfSignedCertificate(): Certificate {
  const dir = mkdtempSync(join(tmpdir(), 'pe-smtp-cert-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')), certFile: join(dir, 'cert.pem'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** An SMTP reply the server gives instead of taking a message. */
export interface Refusal {
  code: number;
  message: string;
  /** At the recipient (RCPT TO) or at the end of the data. */
  at: 'rcpt' | 'data';
}

interface Held {
  reached: Promise<void>;
  release(): void;
  /** The held message's connection has closed, as this server saw it (the client died or gave up). */
  closed: Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A real SMTP server (nodemailer's smtp-server) on a loopback port that keeps every message it
 * takes, for the tests to read: envelope, headers, text and attachments. It can refuse messages
 * with a given reply, hold a message's data phase (the client then waits mid-conversation for the
 * final reply), go away (`stop`: it stops listening and drops its connections) and come back on the
 * same port (`start`). A message whose connection closed before the reply was given is not taken,
 * as with any real server.
 */
export class CapturingSmtpServer {
  readonly messages: CapturedMail[] = [];
  /** Connections accepted so far: pooled sending reuses a few. */
  connections = 0;
  private server?: SMTPServer;
  private readonly refusals: Refusal[] = [];
  private readonly holds: { entered: () => void; released: Promise<void>; gone: () => void }[] = [];
  private readonly closed = new Set<string>();
  /** The sessions whose message is held, and what to call when each connection closes. */
  private readonly heldSessions = new Map<string, () => void>();

  private constructor(
    readonly port: number,
    private readonly options: SmtpServerOptions,
  ) {}

  static async start(options: SmtpServerOptions = {}): Promise<CapturingSmtpServer> {
    const server = new CapturingSmtpServer(await freePort(), options);
    await server.start();
    return server;
  }

  /** SMTP_URL for the apps. */
  url(): string {
    const scheme = this.options.tls === 'implicit' ? 'smtps' : 'smtp';
    const auth = this.options.auth ? `${encodeURIComponent(this.options.auth.user)}:${encodeURIComponent(this.options.auth.pass)}@` : '';
    // The certificate names 127.0.0.1 too, so TLS is verified against the address itself.
    return `${scheme}://${auth}127.0.0.1:${this.port}`;
  }

  /** The next `times` messages are refused with this reply. */
  refuse(refusal: Refusal, times = 1): void {
    for (let i = 0; i < times; i++) this.refusals.push(refusal);
  }

  /** The next message's data is read but not answered until `release()`; `reached` once it is. */
  holdNext(): Held {
    let entered!: () => void;
    let release!: () => void;
    let gone!: () => void;
    const reached = new Promise<void>((r) => (entered = r));
    const released = new Promise<void>((r) => (release = r));
    const closed = new Promise<void>((r) => (gone = r));
    this.holds.push({ entered, released, gone });
    return { reached, release, closed };
  }

  async start(): Promise<void> {
    const { tls, certificate, auth } = this.options;
    const options: SMTPServerOptions = {
      secure: tls === 'implicit',
      key: certificate?.key,
      cert: certificate?.cert,
      logger: false,
      banner: 'test smtp',
      closeTimeout: 100,
      size: 64 * 1024 * 1024,
      authOptional: !auth,
      disabledCommands: [...(tls ? [] : ['STARTTLS']), ...(auth ? [] : ['AUTH'])],
      onConnect: (_session, callback) => {
        this.connections++;
        callback();
      },
      onClose: (session) => {
        this.closed.add(session.id);
        this.heldSessions.get(session.id)?.();
        this.heldSessions.delete(session.id);
      },
      onAuth: (login, _session, callback) => {
        if (auth && login.username === auth.user && login.password === auth.pass) return callback(null, { user: login.username });
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onRcptTo: (_address, _session, callback) => {
        const refusal = this.refusals[0];
        if (refusal?.at === 'rcpt') {
          this.refusals.shift();
          return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => void this.take(Buffer.concat(chunks), session, callback));
      },
    };
    this.server = new SMTPServer(options);
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      this.server!.server.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  private async take(raw: Buffer, session: SMTPServerSession, callback: (err?: Error | null, message?: string) => void): Promise<void> {
    const hold = this.holds.shift();
    if (hold) {
      this.heldSessions.set(session.id, hold.gone);
      hold.entered();
      await hold.released;
      this.heldSessions.delete(session.id);
    }
    if (this.closed.has(session.id)) return callback(new Error('connection closed before the reply'));
    const refusal = this.refusals[0];
    if (refusal?.at === 'data') {
      this.refusals.shift();
      return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    }
    this.messages.push({
      envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
      envelopeTo: session.envelope.rcptTo.map((r) => r.address),
      raw,
      message: parseMessage(raw),
      secure: session.secure,
      user: typeof session.user === 'string' ? session.user : null,
    });
    callback(null, `2.0.0 Ok: queued as test-${this.messages.length}`);
  }

  /** The server goes away: no new connections, and the open ones (a pool's) are dropped. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until `count` messages have been taken (the deadline only stops a hang; no timing is asserted). */
  async waitForMessages(count: number, timeoutMs = 120_000): Promise<CapturedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length < count) {
      if (Date.now() > deadline) throw new Error(`the SMTP server has ${this.messages.length} of ${count} messages`);
      await sleep(25);
    }
    return this.messages;
  }
}
