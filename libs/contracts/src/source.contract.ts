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

/** How a poll of a source ended (DESIGN §16). */
export type SourceRunOutcome = 'new-version' | 'unchanged' | 'held' | 'failed';
export const SOURCE_RUN_OUTCOMES: readonly SourceRunOutcome[] = ['new-version', 'unchanged', 'held', 'failed'];

/** Runs a list keeps to show (`GET …/source/runs`). */
export const SOURCE_RUNS_SHOWN = 20;

/** Polls failed in a row after which the list's followers are told (DESIGN §17). */
export const SOURCE_FAILURES_TOLD = 3;

/**
 * A price list's source as the API answers it (DESIGN §16): every field flat, the secrets never
 * (`hasPassword`, `hasToken` say whether there are any), its schedule and next poll.
 */
export interface PriceListSource {
  kind: SourceKind;
  url: string | null;
  login: string | null;
  hasPassword: boolean;
  hasToken: boolean;
  host: string | null;
  port: number | null;
  tls: boolean | null;
  folder: string | null;
  from: string | null;
  subjectContains: string | null;
  fileName: string | null;
  processedFolder: string | null;
  /** Every N minutes (5–1440), or `cron` (five fields) in `timezone`; neither: only `Проверить сейчас` polls. */
  everyMinutes: number | null;
  cron: string | null;
  timezone: string | null;
  /** When the schedule polls next; null without a schedule. */
  nextRunAt: string | null;
  /** Polls failed in a row. */
  failures: number;
  updatedAt: string;
}

/**
 * `PUT /api/price-lists/{id}/source`: the fields of `kind`. A secret left out keeps the stored one,
 * null or '' removes it, a text replaces it.
 */
export interface PutPriceListSourceRequest {
  kind: SourceKind;
  url?: string | null;
  login?: string | null;
  password?: string | null;
  token?: string | null;
  host?: string | null;
  port?: number | null;
  tls?: boolean | null;
  folder?: string | null;
  from?: string | null;
  subjectContains?: string | null;
  fileName?: string | null;
  processedFolder?: string | null;
  everyMinutes?: number | null;
  cron?: string | null;
  timezone?: string | null;
}

/** One poll of a source (`GET …/source/runs`, the newest SOURCE_RUNS_SHOWN). */
export interface SourceRun {
  id: string;
  startedAt: string;
  /** null while it runs. */
  finishedAt: string | null;
  outcome: SourceRunOutcome | null;
  /** What happened, in Russian: why it failed, which file it took, why it was held. */
  message: string | null;
  /** The version it made. */
  versionId: string | null;
}
