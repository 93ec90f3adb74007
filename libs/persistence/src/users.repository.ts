import type { DataSource, EntityManager } from 'typeorm';
import type { Role } from '@app/contracts';
import { UserEntity } from './user.entity';
import { recordAudit, type Actor } from './audit-writer';

export interface NewUser {
  login: string;
  displayName: string;
  role: Role;
  passwordHash: string | null;
  mustChangePassword: boolean;
  oidcSubject?: string | null;
  email?: string | null;
}

export interface UserChange {
  displayName?: string;
  role?: Role;
  disabled?: boolean;
  /** A new temporary password's hash (an admin's reset). */
  passwordHash?: string;
  /** Where notices go (DESIGN §17); null: none. */
  email?: string | null;
}

/** Why a write was refused; the service turns it into the user's message. */
export type UserRefusal = 'login-taken' | 'last-admin';

const loginTaken = (error: unknown): boolean => {
  const e = error as { code?: string; constraint?: string; driverError?: { constraint?: string } };
  return e.code === '23505' && (e.constraint ?? e.driverError?.constraint) === 'users_login_key';
};

/** Arbitrary but fixed: API replicas starting at once create the first admin once. */
const FIRST_ADMIN_LOCK = 7_301_776_043;

/** Users (DESIGN §13). Every change writes its audit event in its own transaction. */
export class UsersRepository {
  constructor(private readonly db: DataSource) {}

  /** People, not the built-in users (DESIGN §16 `Автоматически`), which nobody manages. */
  list(): Promise<UserEntity[]> {
    return this.db.getRepository(UserEntity).find({ where: { system: false }, order: { login: 'ASC' } });
  }

  find(id: string, manager: EntityManager = this.db.manager): Promise<UserEntity | null> {
    return manager.getRepository(UserEntity).findOneBy({ id });
  }

  /** The user and their password hash, by login compared case-insensitively. */
  async withHashByLogin(login: string): Promise<(UserEntity & { passwordHash: string | null }) | null> {
    const user = await this.db
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.login) = lower(:login) AND NOT u.system', { login })
      .getOne();
    return (user as (UserEntity & { passwordHash: string | null }) | null) ?? null;
  }

  async passwordHash(id: string): Promise<string | null> {
    const [row] = await this.db.query<{ password_hash: string | null }[]>('SELECT password_hash FROM users WHERE id = $1', [id]);
    return row?.password_hash ?? null;
  }

  findBySubject(subject: string): Promise<UserEntity | null> {
    return this.db.getRepository(UserEntity).findOneBy({ oidcSubject: subject });
  }

  /**
   * On a database without users, the admin of ADMIN_USER (DESIGN §13); under an advisory lock, so
   * API replicas starting together make one. Returns whether it made it.
   */
  ensureFirstAdmin(login: string, passwordHash: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [FIRST_ADMIN_LOCK]);
      const [{ n }] = await tx.query<{ n: number }[]>('SELECT count(*)::int AS n FROM users WHERE NOT system');
      if (n > 0) return false;
      const repo = tx.getRepository(UserEntity);
      const saved = await repo.save(repo.create({ login, displayName: login, role: 'admin', passwordHash, mustChangePassword: false, disabled: false, oidcSubject: null }));
      // Made by the system (no actor), like any other user's creation in the journal.
      await recordAudit(tx, null, 'user.create', { userId: saved.id, login: saved.login, role: saved.role, via: 'first-start' });
      return true;
    });
  }

  /** `actor` null: a first single sign-on creates its own user. */
  async create(actor: Actor | null, user: NewUser): Promise<UserEntity | UserRefusal> {
    try {
      return await this.db.transaction(async (tx) => {
        const repo = tx.getRepository(UserEntity);
        const saved = await repo.save(repo.create({ ...user, oidcSubject: user.oidcSubject ?? null, email: user.email ?? null, disabled: false }));
        const via = user.oidcSubject ? { via: 'sso' } : {};
        await recordAudit(tx, actor ?? saved, 'user.create', { userId: saved.id, login: saved.login, role: saved.role, ...via });
        return saved;
      });
    } catch (error) {
      if (loginTaken(error)) return 'login-taken';
      throw error;
    }
  }

  /**
   * An admin's change. Every active admin row is locked first, so two admins demoting each other at
   * once cannot both pass the last-admin check. Disabling or a new password ends the user's
   * sessions in the same transaction; a new password is temporary again. `actor` null and `via`
   * 'sso': single sign-on brought the role in line with OIDC_ADMIN_GROUP.
   */
  update(actor: Actor | null, id: string, change: UserChange, via?: 'sso'): Promise<UserEntity | UserRefusal | null> {
    return this.db.transaction(async (tx) => {
      const admins = await tx.query<{ id: string }[]>(`SELECT id FROM users WHERE role = 'admin' AND NOT disabled ORDER BY id FOR UPDATE`);
      const repo = tx.getRepository(UserEntity);
      const user = await repo.findOne({ where: { id, system: false }, lock: { mode: 'pessimistic_write' } });
      if (!user) return null;
      const losesAdmin = user.role === 'admin' && !user.disabled && ((change.role !== undefined && change.role !== 'admin') || change.disabled === true);
      if (losesAdmin && admins.length <= 1) return 'last-admin' as const;

      const details: Record<string, unknown> = { userId: user.id, login: user.login };
      if (change.displayName !== undefined && change.displayName !== user.displayName) {
        details.displayName = { from: user.displayName, to: change.displayName };
        user.displayName = change.displayName;
      }
      if (change.role !== undefined && change.role !== user.role) {
        details.role = { from: user.role, to: change.role };
        user.role = change.role;
      }
      if (change.disabled !== undefined && change.disabled !== user.disabled) {
        details.disabled = change.disabled;
        user.disabled = change.disabled;
      }
      if (change.email !== undefined && change.email !== user.email) {
        details.email = { from: user.email, to: change.email };
        user.email = change.email;
      }
      await repo.save(user);
      if (change.passwordHash !== undefined) {
        details.passwordReset = true;
        await tx.query('UPDATE users SET password_hash = $2, must_change_password = true WHERE id = $1', [id, change.passwordHash]);
        user.mustChangePassword = true;
      }
      if (details.disabled === true || change.passwordHash !== undefined) {
        await tx.query('DELETE FROM sessions WHERE user_id = $1', [id]);
      }
      // A PATCH that changes nothing is no event.
      if (Object.keys(details).length > 2) await recordAudit(tx, actor, 'user.update', via ? { ...details, via } : details);
      return user;
    });
  }

  /** The user's own address (`Учётная запись`); an event only when it changed. */
  async setOwnEmail(id: string, email: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ email: string | null; login: string }[]>('SELECT email, login FROM users WHERE id = $1 FOR UPDATE', [id]);
      if (!row || row.email === email) return;
      await tx.query('UPDATE users SET email = $2 WHERE id = $1', [id, email]);
      await recordAudit(tx, { id }, 'user.update', { userId: id, login: row.login, email: { from: row.email, to: email } });
    });
  }

  /**
   * The user's own new password: no longer temporary, and every other session of theirs ends (the
   * one that changed it stays signed in).
   */
  async changeOwnPassword(id: string, passwordHash: string, keepSessionId: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = $2, must_change_password = false WHERE id = $1', [id, passwordHash]);
      await tx.query('DELETE FROM sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2', [id, keepSessionId]);
      await recordAudit(tx, { id }, 'user.update', { userId: id, passwordChanged: true });
    });
  }
}
