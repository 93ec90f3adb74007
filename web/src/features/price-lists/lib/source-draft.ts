import type { PriceListSource, PutPriceListSourceRequest, SourceKind } from '@app/contracts';

/** How often the source is polled: never by itself, every N minutes, or by a cron expression. */
export type ScheduleKind = 'none' | 'every' | 'cron';

/** The source form as typed: every field a text, numbers too (an empty one is null). */
export interface SourceDraft {
  kind: SourceKind;
  url: string;
  login: string;
  /** Typed secrets only: a stored one is never shown, and an empty field keeps it. */
  password: string;
  token: string;
  host: string;
  port: string;
  tls: boolean;
  folder: string;
  from: string;
  subjectContains: string;
  fileName: string;
  processedFolder: string;
  schedule: ScheduleKind;
  everyMinutes: string;
  cron: string;
  timezone: string;
}

export const DEFAULT_TIMEZONE = 'Europe/Moscow';

/** A new source's form: an address polled every hour. */
export const NEW_SOURCE_DRAFT: SourceDraft = {
  kind: 'url',
  url: '',
  login: '',
  password: '',
  token: '',
  host: '',
  port: '',
  tls: true,
  folder: '',
  from: '',
  subjectContains: '',
  fileName: '',
  processedFolder: '',
  schedule: 'every',
  everyMinutes: '60',
  cron: '',
  timezone: DEFAULT_TIMEZONE,
};

/** The stored source as its form shows it (secrets empty: `сохранён` says one is kept). */
export function draftOfSource(source: PriceListSource): SourceDraft {
  const text = (v: string | null) => v ?? '';
  return {
    kind: source.kind,
    url: text(source.url),
    login: text(source.login),
    password: '',
    token: '',
    host: text(source.host),
    port: source.port === null ? '' : String(source.port),
    tls: source.tls ?? true,
    folder: text(source.folder),
    from: text(source.from),
    subjectContains: text(source.subjectContains),
    fileName: text(source.fileName),
    processedFolder: text(source.processedFolder),
    schedule: source.everyMinutes ? 'every' : source.cron ? 'cron' : 'none',
    everyMinutes: source.everyMinutes ? String(source.everyMinutes) : NEW_SOURCE_DRAFT.everyMinutes,
    cron: text(source.cron),
    timezone: source.timezone || DEFAULT_TIMEZONE,
  };
}

/** A number input's text (the browser lets only numbers through): null when empty; a fraction goes as typed, for the server to name. */
const numberOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * The PUT (and test) body of the form: only the fields of its kind and schedule. A secret typed is
 * sent; an empty one is left out (the stored one is kept) — except a password an address can no
 * longer use (no login: basic auth is gone) and a token beside a login (basic auth chosen instead).
 */
export function requestOfDraft(d: SourceDraft): PutPriceListSourceRequest {
  const schedule: Pick<PutPriceListSourceRequest, 'everyMinutes' | 'cron' | 'timezone'> =
    d.schedule === 'every'
      ? { everyMinutes: numberOf(d.everyMinutes), cron: null, timezone: null }
      : d.schedule === 'cron'
        ? { everyMinutes: null, cron: d.cron.trim(), timezone: d.timezone.trim() || DEFAULT_TIMEZONE }
        : { everyMinutes: null, cron: null, timezone: null };
  if (d.kind === 'url') {
    const body: PutPriceListSourceRequest = { kind: 'url', url: d.url.trim(), login: d.login.trim() || null, ...schedule };
    if (d.token) body.token = d.token;
    else if (d.login.trim()) body.token = null;
    if (d.password) body.password = d.password;
    else if (!d.login.trim()) body.password = null;
    return body;
  }
  const body: PutPriceListSourceRequest = {
    kind: 'mailbox',
    host: d.host.trim(),
    port: numberOf(d.port),
    tls: d.tls,
    login: d.login.trim(),
    folder: d.folder.trim() || null,
    from: d.from.trim() || null,
    subjectContains: d.subjectContains.trim() || null,
    fileName: d.fileName.trim() || null,
    processedFolder: d.processedFolder.trim() || null,
    ...schedule,
  };
  if (d.password) body.password = d.password;
  return body;
}
