import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { AUTH_ERR, AUTH_LIMITS, AUTH_UI } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { changePassword } from '../api/auth-api';
import { useAuth } from '../hooks/auth-context';

/** `Сменить пароль`: the current password, the new one twice. */
export function ChangePasswordForm() {
  const { setUser } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (next !== repeat) return setError(AUTH_UI.passwordsDiffer);
    if (next.length < AUTH_LIMITS.passwordMin || next.length > AUTH_LIMITS.passwordMax) {
      return setError(`${AUTH_UI.newPassword}: ${AUTH_ERR.passwordLength(AUTH_LIMITS.passwordMin, AUTH_LIMITS.passwordMax)}`);
    }
    setBusy(true);
    setError(null);
    try {
      const { user } = await changePassword(current, next);
      toast.success(AUTH_UI.passwordChanged);
      setCurrent('');
      setNext('');
      setRepeat('');
      setUser(user);
    } catch (err) {
      setError(serverMessageOf(err) ?? AUTH_UI.passwordChangeFailed);
    } finally {
      setBusy(false);
    }
  };

  const field = (label: string, value: string, set: (v: string) => void, autoComplete: string, name: string) => (
    <label className="auth-card__field">
      <span>{label}</span>
      <input className="text-input" type="password" name={name} autoComplete={autoComplete} required value={value} onChange={(e) => set(e.target.value)} />
    </label>
  );
  return (
    <form className="password-form" onSubmit={(e) => void onSubmit(e)} aria-label={AUTH_UI.changePassword}>
      {field(AUTH_UI.currentPassword, current, setCurrent, 'current-password', 'current')}
      {field(AUTH_UI.newPassword, next, setNext, 'new-password', 'next')}
      {field(AUTH_UI.repeatPassword, repeat, setRepeat, 'new-password', 'repeat')}
      {error ? (
        <p className="auth-card__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {AUTH_UI.changePassword}
      </button>
    </form>
  );
}
