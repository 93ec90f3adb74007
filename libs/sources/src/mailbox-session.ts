import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import { ImapFlow, type MailboxLockObject } from 'imapflow';
import { SOURCE_DEFAULTS, SOURCE_ERR, type MailboxSourceSettings } from '@app/contracts';
import { AddressGuard } from './address-guard';
import { networkError, SourceError } from './source-error';
import type { SourceLimits } from './source-limits';

type ImapError = Error & { code?: string; authenticationFailed?: boolean; responseStatus?: string; responseText?: string };

const TIMEOUTS = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT', 'ETIMEOUT']);
const CLOSED = new Set(['NoConnection', 'EConnectionClosed', 'ClosedAfterConnectText', 'ClosedAfterConnectTLS']);

export const folderOf = (settings: MailboxSourceSettings) => settings.folder || SOURCE_DEFAULTS.folder;

/** An IMAP failure as a SourceError; anything that is not one (a bug, a full disk) goes through as it is. */
export function mailboxFailure(err: unknown, settings: MailboxSourceSettings, timeoutMs: number): unknown {
  if (err instanceof SourceError || typeof err !== 'object' || err === null) return err;
  const e = err as ImapError;
  const cause = { cause: err };
  if (e.authenticationFailed) return new SourceError('mail-auth', SOURCE_ERR.mailAuth, undefined, cause);
  if (e.code && TIMEOUTS.has(e.code)) return new SourceError('timeout', SOURCE_ERR.timeout(timeoutMs), undefined, cause);
  const network = networkError(err, `${settings.host}:${settings.port}`);
  if (network) return network;
  if (e.code && CLOSED.has(e.code)) return new SourceError('broken', SOURCE_ERR.mailClosed, undefined, cause);
  if (e.responseStatus === 'NO' || e.responseStatus === 'BAD') return new SourceError('mail-server', SOURCE_ERR.mailServer(e.responseText ?? e.message), undefined, cause);
  return err;
}

/**
 * How `tls` (default true) encrypts: STARTTLS, required, on port 143 (IMAP's cleartext port);
 * TLS from the first byte on any other (993). `tls: false` stays in cleartext, STARTTLS or not.
 */
export function imapTransport(port: number, tls: boolean | null | undefined): { secure: boolean; doSTARTTLS?: boolean } {
  const encrypted = tls ?? SOURCE_DEFAULTS.tls;
  if (!encrypted) return { secure: false, doSTARTTLS: false };
  return port === 143 ? { secure: false, doSTARTTLS: true } : { secure: true };
}

/**
 * An IMAP session for `work`, logged out afterwards whatever happens. Encrypted as imapTransport
 * says, certificates always verified (`extraCa` adds trusted ones). The host is checked against
 * the private-address rules as a literal and, at connect time, as resolved.
 */
export async function withMailbox<T>(settings: MailboxSourceSettings, limits: SourceLimits, work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const guard = new AddressGuard(limits);
  const client = new ImapFlow({
    host: settings.host,
    port: settings.port,
    ...imapTransport(settings.port, settings.tls),
    ...(isIP(settings.host) ? {} : { servername: settings.host }),
    auth: { user: settings.login, pass: settings.password },
    tls: { lookup: guard.lookup, ...(limits.extraCa?.length ? { ca: [...rootCertificates, ...limits.extraCa] } : {}) },
    connectionTimeout: limits.timeoutMs,
    greetingTimeout: limits.timeoutMs,
    socketTimeout: limits.timeoutMs,
    disableAutoIdle: true,
    logger: false,
  });
  // An 'error' event without a listener would throw out of the process; the failure reaches us as
  // the rejection of the command in flight.
  client.on('error', () => undefined);
  try {
    guard.assertHost(settings.host);
    await client.connect();
    const result = await work(client);
    await client.logout();
    return result;
  } catch (err) {
    throw mailboxFailure(err, settings, limits.timeoutMs);
  } finally {
    client.close();
  }
}

/** Opens `folder` (read-only: EXAMINE) under a lock; a folder the server does not list is `mail-folder`. */
export async function lockFolder(client: ImapFlow, folder: string, readOnly: boolean): Promise<MailboxLockObject> {
  try {
    return await client.getMailboxLock(folder, { readOnly });
  } catch (err) {
    const listed = await client.list().catch(() => null);
    if (listed && !listed.some((box) => box.path === folder || (box.specialUse === '\\Inbox' && folder.toUpperCase() === 'INBOX'))) {
      throw new SourceError('mail-folder', SOURCE_ERR.mailFolder(folder), undefined, { cause: err });
    }
    throw err;
  }
}
