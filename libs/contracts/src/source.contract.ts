/**
 * A price list's source (DESIGN §16): the connection settings the fetching library (libs/sources)
 * takes, and what `Проверить подключение` answers. Secrets arrive decrypted; the API stores and
 * answers them as §16 says.
 */

export type SourceKind = 'url' | 'mailbox';

/** An http(s) address; `login` + `password` for basic auth, or `token` for a bearer token. */
export interface UrlSourceSettings {
  url: string;
  login?: string | null;
  password?: string | null;
  token?: string | null;
}

/** An IMAP mailbox and the filters that pick a supplier's messages out of it. */
export interface MailboxSourceSettings {
  host: string;
  port: number;
  /** Encrypted connection (default true): STARTTLS on port 143, TLS from the first byte on any other. */
  tls?: boolean | null;
  login: string;
  password: string;
  /** Default INBOX. */
  folder?: string | null;
  /** An address (`price@supplier.ru`) or a whole domain (`@supplier.ru`); any sender when empty. */
  from?: string | null;
  /** A part of the subject, any case; any subject when empty. */
  subjectContains?: string | null;
  /** A glob such as `*.xlsx`, any case; any attachment when empty. */
  fileName?: string | null;
  /** Where a message goes once it is dealt with; it stays in `folder` (marked seen) when empty. */
  processedFolder?: string | null;
}

export type SourceConnection = ({ kind: 'url' } & UrlSourceSettings) | ({ kind: 'mailbox' } & MailboxSourceSettings);

/** A file the source would give: its name and size in bytes (null when the server does not say). */
export interface SourceTestFile {
  name: string;
  size: number | null;
}

/** `POST …/source/test`: whether the connection works, in Russian, and the files it sees. */
export interface SourceTestResult {
  ok: boolean;
  message: string;
  files: SourceTestFile[];
}

export const SOURCE_DEFAULTS = {
  folder: 'INBOX',
  tls: true,
  /** The whole of one fetch (every redirect and the body), and the silence an IMAP server may keep. */
  timeoutMs: 60_000,
  maxRedirects: 5,
  /** New messages one poll takes at most; the rest wait for the next poll, oldest first. */
  maxMessages: 20,
} as const;
