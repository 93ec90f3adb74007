import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { freePort } from '../../scripts/app-processes';
import { selfSignedCert, type SelfSigned } from './self-signed';

/** One message of a folder, as a test checks it after a poll. */
export interface FolderMessage {
  uid: number;
  messageId: string | undefined;
  subject: string | undefined;
  seen: boolean;
}

/**
 * Debian's dovecot, started by a test on loopback with a configuration of its own in a temp dir
 * (no system config, no system dovecot touched): IMAP in cleartext on `port`, implicit TLS with a
 * self-signed certificate (`cert`) on `tlsPort`, users from a passwd-file with plain passwords,
 * mail in maildirs.
 */
export interface Dovecot {
  host: string;
  port: number;
  tlsPort: number;
  /** The server's self-signed certificate (PEM), for a client told to trust it. */
  cert: string;
  addUser(login: string, password: string): void;
  createFolder(login: string, folder: string): Promise<void>;
  /** APPENDs a message (raw RFC 822, or nodemailer's message options) and answers its UID. */
  putMessage(login: string, message: Buffer | string | Mail.Options, options?: { folder?: string; seen?: boolean; date?: Date }): Promise<number>;
  listFolder(login: string, folder?: string): Promise<FolderMessage[]>;
  /** The server's log, for a failing test's message. */
  log(): string;
  stop(): Promise<void>;
}

const DOVECOT = '/usr/sbin/dovecot';

/** A message built as a mail client builds it (nodemailer's MailComposer): headers, parts, encodings. */
export function composeMessage(options: Mail.Options): Promise<Buffer> {
  return new MailComposer(options).compile().build();
}

/**
 * Who dovecot's processes run as. As root, the login and mail processes may not stay root
 * (dovecot refuses: "must not be run as root", "userdb returned 0 as uid"), so they run as
 * `nobody`; as anyone else, everything runs as that user.
 */
function accounts(): { user: string; uid: number; gid: number } {
  const me = userInfo();
  if (me.uid !== 0) return { user: me.username, uid: me.uid, gid: me.gid };
  const id = (flag: string) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
  return { user: 'nobody', uid: id('-u'), gid: id('-g') };
}

function config(dir: string, port: number, tlsPort: number, who: { user: string; uid: number; gid: number }): string {
  return `
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = pe-dovecot-${port}
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
default_internal_user = ${who.user}
default_login_user = ${who.user}
first_valid_uid = 1
disable_plaintext_auth = no
auth_mechanisms = plain login
ssl = yes
ssl_cert = <${dir}/cert.pem
ssl_key = <${dir}/key.pem
# One passwd-file per user: a user added while the server runs is a new file, never a stale cache.
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/users/%u
}
# A wrong password answers at once (a real server waits 2 s), and does not slow the next login
# from the same address (anvil's auth penalty, off when its socket is closed): tests need no wait.
auth_failure_delay = 0
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
userdb {
  driver = static
  args = uid=${who.uid} gid=${who.gid} home=${dir}/mail/%u
}
mail_location = maildir:~/Maildir
# Folders nest with '/', as on most servers (Gmail, Exchange): "Поставщики/Ромашка".
namespace inbox {
  inbox = yes
  separator = /
}
service imap-login {
  inet_listener imap {
    port = ${port}
  }
  inet_listener imaps {
    port = ${tlsPort}
    ssl = yes
  }
}
`;
}

/** Resolves once the server greets on `port`. */
async function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (chunk) => done(chunk.toString().startsWith('* OK')));
  });
}

export async function startDovecot(): Promise<Dovecot> {
  if (!existsSync(DOVECOT)) throw new Error(`${DOVECOT} is missing: apt-get install dovecot-imapd (scripts/ensure-system.sh does)`);
  const who = accounts();
  const dir = mkdtempSync(join(tmpdir(), 'pe-dovecot-'));
  // The mail processes run as `who` and must reach their maildirs under it.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'mail'));
  chownSync(join(dir, 'mail'), who.uid, who.gid);
  const tls: SelfSigned = selfSignedCert();
  writeFileSync(join(dir, 'cert.pem'), tls.cert);
  writeFileSync(join(dir, 'key.pem'), tls.key, { mode: 0o600 });
  mkdirSync(join(dir, 'users'), { mode: 0o755 });
  const [port, tlsPort] = [await freePort(), await freePort()];
  const conf = join(dir, 'dovecot.conf');
  writeFileSync(conf, config(dir, port, tlsPort, who));

  const server: ChildProcess = spawn(DOVECOT, ['-F', '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  server.stderr!.on('data', (chunk) => (stderr += chunk));
  let exited = false;
  const exit = new Promise<void>((resolve) => server.once('exit', () => ((exited = true), resolve())));
  const log = () => [stderr, existsSync(join(dir, 'dovecot.log')) ? readFileSync(join(dir, 'dovecot.log'), 'utf8') : ''].join('\n').trim();
  const deadline = Date.now() + 20_000;
  while (!(await greets(port))) {
    if (exited || Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error(`dovecot did not start on 127.0.0.1:${port}:\n${log()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const passwords = new Map<string, string>();
  const session = async <T>(login: string, work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, doSTARTTLS: false, auth: { user: login, pass: passwords.get(login) ?? '' }, logger: false, disableAutoIdle: true });
    client.on('error', () => undefined); // the failure reaches the command in flight
    try {
      await client.connect();
      return await work(client);
    } catch (err) {
      // imapflow says only "Command failed"; the server's answer says why.
      const text = (err as { responseText?: string }).responseText;
      throw text ? new Error(`dovecot (${login}): ${text}`, { cause: err }) : err;
    } finally {
      await client.logout().catch(() => client.close());
    }
  };

  return {
    host: '127.0.0.1',
    port,
    tlsPort,
    cert: tls.cert,
    addUser(login, password) {
      if (!/^[\w.-]+$/.test(login)) throw new Error(`a test login is letters, digits, '.', '_' or '-': ${login}`);
      writeFileSync(join(dir, 'users', login), `${login}:{PLAIN}${password}\n`, { mode: 0o644 });
      passwords.set(login, password);
    },
    createFolder: (login, folder) => session(login, async (client) => void (await client.mailboxCreate(folder))),
    putMessage: (login, message, options = {}) =>
      session(login, async (client) => {
        const raw = typeof message === 'string' || Buffer.isBuffer(message) ? message : await composeMessage(message);
        const flags = options.seen ? ['\\Seen'] : [];
        const appended = await client.append(options.folder ?? 'INBOX', raw, flags, options.date);
        if (!appended || !appended.uid) throw new Error(`APPEND to ${options.folder ?? 'INBOX'} gave no UID`);
        return appended.uid;
      }),
    listFolder: (login, folder = 'INBOX') =>
      session(login, async (client) => {
        const lock = await client.getMailboxLock(folder, { readOnly: true });
        try {
          const messages: FolderMessage[] = [];
          if (client.mailbox && client.mailbox.exists === 0) return messages;
          for await (const m of client.fetch('1:*', { uid: true, flags: true, envelope: true })) {
            messages.push({ uid: m.uid, messageId: m.envelope?.messageId, subject: m.envelope?.subject, seen: m.flags?.has('\\Seen') ?? false });
          }
          return messages;
        } finally {
          lock.release();
        }
      }),
    log,
    async stop() {
      if (!exited) {
        server.kill('SIGTERM');
        const killer = setTimeout(() => server.kill('SIGKILL'), 5_000);
        await exit;
        clearTimeout(killer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
