import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { AUTH_UI, ROLES, ROLE_NAMES, UI, type Role, type User } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAuth } from '../../auth/hooks/auth-context';
import { fetchUsers, updateUser, type UserPatch } from '../api/users-api';
import { NewUserForm } from './new-user-form';
import { UserEmailInput } from './user-email-input';
import { MailTestPanel } from '../../delivery/components/mail-test-panel';
import { DELIVERY_UI } from '@app/contracts';

/**
 * `/users` (admins): every user with role, last sign-in and state; change role, disable, reset
 * password; and `Проверка почты`, a test message through the mail server.
 */
export function UsersPage() {
  const { user: me } = useAuth();
  const [users, setUsers] = useState<User[] | null>(null);

  const load = useCallback(() => {
    fetchUsers().then(setUsers, (e: unknown) => {
      setUsers([]);
      toast.error(AUTH_UI.usersLoadFailed, { description: serverMessageOf(e) });
    });
  }, []);
  useEffect(load, [load]);

  const change = async (user: User, patch: UserPatch, done: string = AUTH_UI.userUpdated) => {
    try {
      const fresh = await updateUser(user.id, patch);
      setUsers((list) => list?.map((u) => (u.id === fresh.id ? fresh : u)) ?? null);
      toast.success(done);
    } catch (e) {
      toast.error(AUTH_UI.userUpdateFailed, { description: serverMessageOf(e) });
      load();
    }
  };

  const resetPassword = (user: User) => {
    const password = window.prompt(AUTH_UI.resetPasswordPrompt(user.login));
    if (password) void change(user, { password }, AUTH_UI.passwordReset);
  };

  return (
    <div className="page">
      <header className="page-header">
        <div className="page-header__text">
          <h1 className="page-header__title">{AUTH_UI.usersTitle}</h1>
        </div>
      </header>
      <section className="panel" aria-label={AUTH_UI.addUser}>
        <h2 className="panel__title">{AUTH_UI.addUser}</h2>
        <NewUserForm onCreated={(u) => setUsers((list) => [...(list ?? []), u].sort((a, b) => a.login.localeCompare(b.login)))} />
      </section>
      <section className="panel">
        {users === null ? <p className="note">{UI.loading}</p> : null}
        {users && users.length > 0 ? (
          <div className="table-wrap">
            <table className="data-table" aria-label={AUTH_UI.usersTitle}>
              <thead>
                <tr>
                  <th>{AUTH_UI.login}</th>
                  <th>{AUTH_UI.displayName}</th>
                  <th>{AUTH_UI.role}</th>
                  <th>{DELIVERY_UI.email}</th>
                  <th>{AUTH_UI.lastSignIn}</th>
                  <th>{AUTH_UI.status}</th>
                  <th aria-label={AUTH_UI.status} />
                </tr>
              </thead>
              <tbody>
                {users.map((u) => (
                  <tr key={u.id} data-login={u.login} className={u.disabled ? 'data-table__row--off' : undefined}>
                    <td>
                      {u.login}
                      {u.id === me?.id ? <span className="note"> ({AUTH_UI.you})</span> : null}
                    </td>
                    <td>{u.displayName}</td>
                    <td>
                      <select className="select" aria-label={`${AUTH_UI.role}: ${u.login}`} value={u.role} onChange={(e) => void change(u, { role: e.target.value as Role })}>
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {ROLE_NAMES[r]}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <UserEmailInput user={u} onSave={(email) => void change(u, { email })} />
                    </td>
                    <td>{u.lastSignInAt ? formatDateTime(u.lastSignInAt) : AUTH_UI.never}</td>
                    <td>
                      {u.disabled ? AUTH_UI.disabled : AUTH_UI.active}
                      {u.mustChangePassword ? <span className="note">, {AUTH_UI.temporaryPassword}</span> : null}
                    </td>
                    <td className="data-table__actions">
                      <button type="button" className="btn btn--ghost" onClick={() => void change(u, { disabled: !u.disabled })}>
                        {u.disabled ? AUTH_UI.enable : AUTH_UI.disable}
                      </button>
                      {u.sso ? null : (
                        <button type="button" className="btn btn--ghost" onClick={() => resetPassword(u)}>
                          {AUTH_UI.resetPassword}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <MailTestPanel />
    </div>
  );
}
