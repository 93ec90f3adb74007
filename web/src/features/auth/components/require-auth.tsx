import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { AUTH_ERR, AUTH_UI, ERR, UI, signInPath } from '@app/contracts';
import { useAuth } from '../hooks/auth-context';
import { ChangePasswordForm } from './change-password-form';
import { SignOutButton } from './user-menu';

/**
 * The app behind sign-in: a user who is not signed in goes to /login and comes back here; one with a
 * temporary password sees only `Сменить пароль` (the API refuses everything else until then).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user, reload } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <p className="placeholder">{UI.loading}</p>;
  if (status === 'unreachable') {
    return (
      <div className="auth-screen">
        <div className="auth-card">
          <p className="auth-card__error" role="alert">
            {ERR.serverUnreachable}
          </p>
          <button type="button" className="btn" onClick={reload}>
            {AUTH_UI.retry}
          </button>
        </div>
      </div>
    );
  }
  if (status === 'signed-out' || !user) return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  if (user.mustChangePassword) {
    return (
      <div className="auth-screen">
        <div className="auth-card">
          <p className="auth-card__product">{UI.productName}</p>
          <h1 className="auth-card__title">{AUTH_UI.changePassword}</h1>
          <p className="note">{AUTH_UI.mustChangeHint}</p>
          <ChangePasswordForm />
          <SignOutButton className="btn btn--ghost btn--block" />
        </div>
      </div>
    );
  }
  return <>{children}</>;
}

/** A page for admins only; others are told why (the API would refuse them anyway). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user?.role === 'admin') return <>{children}</>;
  return (
    <div className="empty-state">
      <h1 className="empty-state__title">{AUTH_ERR.forbidden}</h1>
    </div>
  );
}
