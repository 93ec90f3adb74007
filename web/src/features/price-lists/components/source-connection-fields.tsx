import { PRICE_SOURCE_UI } from '@app/contracts';
import type { PriceListSource } from '@app/contracts';
import type { SourceDraft } from '../lib/source-draft';
import { SourceField } from './source-field';

const T = PRICE_SOURCE_UI;

interface Props {
  draft: SourceDraft;
  /** The stored source: its secrets are kept (`сохранён`) while the form's kind is its kind. */
  saved: PriceListSource | null;
  onEdit: (patch: Partial<SourceDraft>) => void;
}

/** The fields of the form's kind: an address with its login and password or token, or a mailbox and its filters. */
export function SourceConnectionFields({ draft, saved, onEdit }: Props) {
  const sameKind = saved?.kind === draft.kind;
  const kept = (has: boolean | undefined) => (sameKind && has ? T.secretKept : undefined);
  const password = (
    <SourceField label={T.password} type="password" autoComplete="new-password" maxLength={200} value={draft.password} placeholder={kept(saved?.hasPassword)} onValue={(password) => onEdit({ password })} />
  );

  if (draft.kind === 'url') {
    return (
      <>
        <SourceField label={T.url} type="url" required maxLength={2000} value={draft.url} placeholder="https://" onValue={(url) => onEdit({ url })} className="price-settings__wide" />
        <SourceField label={T.login} maxLength={200} value={draft.login} hint={T.authHint} onValue={(login) => onEdit({ login })} />
        {password}
        <SourceField label={T.token} type="password" autoComplete="new-password" maxLength={200} value={draft.token} placeholder={kept(saved?.hasToken)} onValue={(token) => onEdit({ token })} />
        {sameKind && (saved?.hasPassword || saved?.hasToken) ? <p className="note price-settings__hint">{T.secretHint}</p> : null}
      </>
    );
  }
  return (
    <>
      <SourceField label={T.host} required maxLength={200} value={draft.host} placeholder="imap.supplier.ru" onValue={(host) => onEdit({ host })} />
      <SourceField label={T.port} type="number" min={1} max={65535} value={draft.port} placeholder={draft.tls ? '993' : '143'} onValue={(port) => onEdit({ port })} />
      <label className="price-settings__check">
        <input type="checkbox" checked={draft.tls} onChange={(e) => onEdit({ tls: e.target.checked })} />
        <span>{T.tls}</span>
      </label>
      <SourceField label={T.login} required maxLength={200} value={draft.login} onValue={(login) => onEdit({ login })} />
      {password}
      {sameKind && saved?.hasPassword ? <p className="note price-settings__hint">{T.secretHint}</p> : null}
      <SourceField label={T.folder} maxLength={200} value={draft.folder} placeholder="INBOX" onValue={(folder) => onEdit({ folder })} />
      <SourceField label={T.from} maxLength={200} value={draft.from} placeholder={T.fromPlaceholder} onValue={(from) => onEdit({ from })} />
      <SourceField label={T.subjectContains} maxLength={200} value={draft.subjectContains} onValue={(subjectContains) => onEdit({ subjectContains })} />
      <SourceField label={T.fileName} maxLength={200} value={draft.fileName} placeholder={T.fileNamePlaceholder} onValue={(fileName) => onEdit({ fileName })} />
      <SourceField label={T.processedFolder} maxLength={200} value={draft.processedFolder} hint={T.processedHint} onValue={(processedFolder) => onEdit({ processedFolder })} />
    </>
  );
}
