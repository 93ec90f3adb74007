import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { AUTH_ERR, AUTH_UI, ERR, UI, safeReturnPath, type AuthOptions } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { fetchAuthOptions, signIn } from '../api/auth-api';
import { useAuth } from '../hooks/auth-context';

/** Paths the server serves itself (Bull Board, the API reference): reached by a full page load, not the app's router. */
const SERVER_PAGE = /^\/(admin|api)\//;

/** `/login`: login and password, or single sign-on when the server offers it; then back where the user was going. */
export function SignInPage() {
  const { status, setUser } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [options, setOptions] = useState<AuthOptions | null>(null);

  useEffect(() => {
    fetchAuthOptions().then(setOptions, () => setOptions({ sso: null }));
  }, []);

  const sso = options?.sso ?? null;
  const ssoOutcome = params.get('sso');
  const ssoError = ssoOutcome === 'disabled' ? AUTH_ERR.ssoDisabled : ssoOutcome && sso ? AUTH_ERR.ssoFailed(sso.name) : null;

  const go = (path: string) => (SERVER_PAGE.test(path) ? window.location.assign(path) : navigate(path, { replace: true }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { user } = await signIn(login, password);
      setUser(user);
      go(next);
    } catch (err) {
      setError(serverMessageOf(err) ?? ERR.serverUnreachable);
      setBusy(false);
    }
  };

  if (status === 'signed-in' && !busy) return <Navigate to={SERVER_PAGE.test(next) ? '/' : next} replace />;
  return (
    <div className="auth-screen">
      <form className="auth-card" onSubmit={(e) => void onSubmit(e)} aria-labelledby="sign-in-title">
        <p className="auth-card__product">{UI.productName}</p>
        <h1 className="auth-card__title" id="sign-in-title">
          {AUTH_UI.signInTitle}
        </h1>
        <label className="auth-card__field">
          <span>{AUTH_UI.login}</span>
          <input className="text-input" name="login" autoComplete="username" autoFocus required value={login} onChange={(e) => setLogin(e.target.value)} />
        </label>
        <label className="auth-card__field">
          <span>{AUTH_UI.password}</span>
          <input className="text-input" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {error ?? ssoError ? (
          <p className="auth-card__error" role="alert">
            {error ?? ssoError}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? AUTH_UI.signingIn : AUTH_UI.signIn}
        </button>
        {sso ? (
          <>
            <p className="auth-card__or">{AUTH_UI.or}</p>
            <a className="btn btn--block" href={`${sso.url}?next=${encodeURIComponent(next)}`}>
              {AUTH_UI.signInWith(sso.name)}
            </a>
          </>
        ) : null}
      </form>
    </div>
  );
}
