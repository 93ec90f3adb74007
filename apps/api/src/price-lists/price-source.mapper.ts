import type { PriceListSource, SourceRun } from '@app/contracts';
import type { PutSourceBody } from '@app/contracts/source.schemas';
import type { PriceListSourceEntity, SourceRow } from '@app/persistence';

/** The fields a source keeps in the clear, by kind (DESIGN §16). */
const URL_FIELDS = ['url', 'login'] as const;
const MAILBOX_FIELDS = ['host', 'port', 'tls', 'login', 'folder', 'from', 'subjectContains', 'fileName', 'processedFolder'] as const;

/** How a source is stored: the fields of its kind (empty ones left out), its sealed secrets, its schedule. */
export function sourceRowOf(body: PutSourceBody, sealed: string | null, has: { password: boolean; token: boolean }): SourceRow {
  const settings: Record<string, unknown> = { hasPassword: has.password, hasToken: has.token };
  for (const field of body.kind === 'url' ? URL_FIELDS : MAILBOX_FIELDS) {
    const value = body[field];
    if (value !== '' && value !== null && value !== undefined) settings[field] = value;
  }
  return { kind: body.kind, settings, secrets: sealed, everyMinutes: body.everyMinutes, cron: body.cron || null, timezone: body.cron ? body.timezone || null : null };
}

export function toPriceListSource(source: PriceListSourceEntity, nextRunAt: string | null): PriceListSource {
  const s = source.settings;
  const field = <T>(name: string) => ((s[name] as T | undefined) ?? null) as T | null;
  return {
    kind: source.kind,
    url: field<string>('url'),
    login: field<string>('login'),
    hasPassword: s.hasPassword === true,
    hasToken: s.hasToken === true,
    host: field<string>('host'),
    port: field<number>('port'),
    tls: field<boolean>('tls'),
    folder: field<string>('folder'),
    from: field<string>('from'),
    subjectContains: field<string>('subjectContains'),
    fileName: field<string>('fileName'),
    processedFolder: field<string>('processedFolder'),
    everyMinutes: source.everyMinutes,
    cron: source.cron,
    timezone: source.timezone,
    nextRunAt,
    failures: source.failures,
    updatedAt: source.updatedAt.toISOString(),
  };
}

export function toSourceRun(run: { id: string; startedAt: Date; finishedAt: Date | null; outcome: SourceRun['outcome']; message: string | null; versionId: string | null }): SourceRun {
  return { id: run.id, startedAt: run.startedAt.toISOString(), finishedAt: run.finishedAt?.toISOString() ?? null, outcome: run.outcome, message: run.message, versionId: run.versionId };
}
