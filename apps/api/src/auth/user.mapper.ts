import type { User } from '@app/contracts';
import type { Principal, UserEntity } from '@app/persistence';

export function toUser(row: UserEntity | Principal): User {
  return {
    id: row.id,
    login: row.login,
    displayName: row.displayName,
    role: row.role,
    disabled: 'disabled' in row ? row.disabled : false,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt ? row.lastSignInAt.toISOString() : null,
    sso: row.oidcSubject !== null,
    email: row.email,
  };
}
