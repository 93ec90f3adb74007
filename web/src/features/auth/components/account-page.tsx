import { AUTH_UI, ROLE_NAMES } from '@app/contracts';
import { useAuth } from '../hooks/auth-context';
import { ChangePasswordForm } from './change-password-form';
import { TokensPanel } from './tokens-panel';
import { AccountNotices } from '../../delivery/components/account-notices';

/** `/account`: who is signed in, `Сменить пароль` (not for single sign-on users without one) and the personal tokens. */
export function AccountPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="page page--narrow">
      <header className="page-header">
        <div className="page-header__text">
          <h1 className="page-header__title">{AUTH_UI.account}</h1>
          <p className="page-header__meta">
            {user.displayName} · {user.login} · {ROLE_NAMES[user.role]}
          </p>
        </div>
      </header>
      {user.sso ? null : (
        <section className="panel" aria-labelledby="password-title">
          <h2 className="panel__title" id="password-title">
            {AUTH_UI.changePassword}
          </h2>
          <ChangePasswordForm />
        </section>
      )}
      <AccountNotices />
      <TokensPanel />
    </div>
  );
}
