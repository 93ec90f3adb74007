import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { AUTH_LIMITS, AUTH_UI, ROLES, ROLE_NAMES, type Role, type User } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { createUser } from '../api/users-api';

/** `Добавить пользователя`: login, name, role and the temporary password the user changes at first sign-in. */
export function NewUserForm({ onCreated }: { onCreated: (user: User) => void }) {
  const [login, setLogin] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const user = await createUser({ login, displayName: displayName.trim() || undefined, role, password });
      toast.success(AUTH_UI.userCreated);
      setLogin('');
      setDisplayName('');
      setPassword('');
      onCreated(user);
    } catch (err) {
      toast.error(AUTH_UI.userCreateFailed, { description: serverMessageOf(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="inline-form inline-form--wrap" onSubmit={(e) => void onSubmit(e)} aria-label={AUTH_UI.addUser}>
      <input className="text-input" aria-label={AUTH_UI.login} placeholder={AUTH_UI.login} required maxLength={AUTH_LIMITS.loginMax} value={login} onChange={(e) => setLogin(e.target.value)} />
      <input className="text-input" aria-label={AUTH_UI.displayName} placeholder={AUTH_UI.displayName} maxLength={AUTH_LIMITS.displayNameMax} value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
      <select className="select" aria-label={AUTH_UI.role} value={role} onChange={(e) => setRole(e.target.value as Role)}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_NAMES[r]}
          </option>
        ))}
      </select>
      <input
        className="text-input"
        aria-label={AUTH_UI.temporaryPasswordLabel}
        placeholder={AUTH_UI.temporaryPasswordLabel}
        required
        minLength={AUTH_LIMITS.passwordMin}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {AUTH_UI.createUser}
      </button>
    </form>
  );
}
