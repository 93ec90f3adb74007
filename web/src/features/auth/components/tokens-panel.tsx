import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { AUTH_LIMITS, AUTH_UI, UI, type ApiTokenInfo, type CreatedApiToken } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { createToken, fetchTokens, revokeToken } from '../api/auth-api';

/** `Личные токены`: named tokens for scripts, the new one shown once, each revocable. */
export function TokensPanel() {
  const [tokens, setTokens] = useState<ApiTokenInfo[] | null>(null);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    fetchTokens().then(setTokens, () => setTokens([]));
  }, []);
  useEffect(load, [load]);

  const onCreate = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      setCreated(await createToken(name));
      setName('');
      toast.success(AUTH_UI.tokenCreated);
      load();
    } catch (err) {
      toast.error(AUTH_UI.tokenCreateFailed, { description: serverMessageOf(err) });
    } finally {
      setBusy(false);
    }
  };

  const onRevoke = async (token: ApiTokenInfo) => {
    if (!window.confirm(AUTH_UI.revokeTokenConfirm(token.name))) return;
    try {
      await revokeToken(token.id);
      toast.success(AUTH_UI.tokenRevoked);
      if (created?.id === token.id) setCreated(null);
      load();
    } catch (err) {
      toast.error(AUTH_UI.tokenRevokeFailed, { description: serverMessageOf(err) });
    }
  };

  return (
    <section className="panel" aria-labelledby="tokens-title">
      <h2 className="panel__title" id="tokens-title">
        {AUTH_UI.tokensTitle}
      </h2>
      <p className="note">{AUTH_UI.tokensHint}</p>
      <form className="inline-form" onSubmit={(e) => void onCreate(e)}>
        <input
          className="text-input"
          aria-label={AUTH_UI.tokenName}
          placeholder={AUTH_UI.tokenName}
          maxLength={AUTH_LIMITS.tokenNameMax}
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={busy || !name.trim()}>
          {AUTH_UI.createToken}
        </button>
      </form>
      {created ? (
        <div className="token-once" role="status">
          <p>{AUTH_UI.tokenShownOnce}</p>
          <input className="text-input token-once__value" readOnly value={created.token} aria-label={created.name} onFocus={(e) => e.target.select()} />
        </div>
      ) : null}
      {tokens === null ? <p className="note">{UI.loading}</p> : null}
      {tokens?.length === 0 ? <p className="note">{AUTH_UI.noTokens}</p> : null}
      {tokens && tokens.length > 0 ? (
        <table className="data-table">
          <thead>
            <tr>
              <th>{AUTH_UI.tokenName}</th>
              <th>{UI.createdAt}</th>
              <th>{AUTH_UI.tokenLastUsed}</th>
              <th aria-label={AUTH_UI.revokeToken} />
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id} data-token={t.name}>
                <td>{t.name}</td>
                <td>{formatDateTime(t.createdAt)}</td>
                <td>{t.lastUsedAt ? formatDateTime(t.lastUsedAt) : AUTH_UI.never}</td>
                <td>
                  <button type="button" className="btn btn--ghost btn--danger" onClick={() => void onRevoke(t)}>
                    {AUTH_UI.revokeToken}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
