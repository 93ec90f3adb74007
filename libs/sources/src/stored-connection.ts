import type { SourceConnection, SourceKind } from '@app/contracts';

/** What a source keeps in the clear (its fields by name) and its secrets once opened (DESIGN §16). */
export interface StoredSource {
  kind: SourceKind;
  settings: Record<string, unknown>;
}

export interface OpenedSecrets {
  password?: string;
  token?: string;
}

/** What this library connects with, from a stored source and its opened secrets (the API's test and the worker's poll alike). */
export function connectionOf(source: StoredSource, secrets: OpenedSecrets): SourceConnection {
  const s = source.settings;
  const text = (name: string) => (typeof s[name] === 'string' ? (s[name] as string) : null);
  if (source.kind === 'url') return { kind: 'url', url: text('url') ?? '', login: text('login'), password: secrets.password ?? null, token: secrets.token ?? null };
  const tls = typeof s.tls === 'boolean' ? s.tls : null;
  return {
    kind: 'mailbox',
    host: text('host') ?? '',
    port: typeof s.port === 'number' ? s.port : tls === false ? 143 : 993,
    tls,
    login: text('login') ?? '',
    password: secrets.password ?? '',
    folder: text('folder'),
    from: text('from'),
    subjectContains: text('subjectContains'),
    fileName: text('fileName'),
    processedFolder: text('processedFolder'),
  };
}
