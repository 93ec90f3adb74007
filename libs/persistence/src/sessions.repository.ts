import type { DataSource } from 'typeorm';
import { AUTH_LIMITS, type Role } from '@app/contracts';
import { recordAudit } from './audit-writer';

/** The signed-in user behind a session or a personal token, as every call's check reads it. */
export interface Principal {
  id: string;
  login: string;
  displayName: string;
  role: Role;
  mustChangePassword: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
  oidcSubject: string | null;
  /** Where notices go (DESIGN §17). */
  email: string | null;
  /** The session's id (its hash); null when the call came with a personal token. */
  sessionId: string | null;
}

interface PrincipalRow {
  ref: string;
  seen: Date | null;
  id: string;
  login: string;
  display_name: string;
  role: Role;
  must_change_password: boolean;
  created_at: Date;
  last_sign_in_at: Date | null;
  oidc_subject: string | null;
  email: string | null;
}

const USER_COLUMNS = 'u.id, u.login, u.display_name, u.role, u.must_change_password, u.created_at, u.last_sign_in_at, u.oidc_subject, u.email';
/** A session's or token's last use is written at most this often, not on every call. */
const TOUCH_EVERY_MS = 60_000;
const IDLE = `interval '${AUTH_LIMITS.sessionIdleHours} hours'`;
const MAX_AGE = `interval '${AUTH_LIMITS.sessionMaxDays} days'`;

const toPrincipal = (row: PrincipalRow, sessionId: string | null): Principal => ({
  id: row.id,
  login: row.login,
  displayName: row.display_name,
  role: row.role,
  mustChangePassword: row.must_change_password,
  createdAt: row.created_at,
  lastSignInAt: row.last_sign_in_at,
  oidcSubject: row.oidc_subject,
  email: row.email,
  sessionId,
});

/**
 * Server-side sessions (DESIGN §13) and the personal tokens' look-up. Only hashes of the secrets
 * are stored (ids are sha256 of the cookie's or token's value), so a copy of the database signs
 * nobody in. A session lives 12 hours from its last use and 7 days at most; a disabled user's
 * sessions and tokens stop at once.
 */
export class SessionsRepository {
  constructor(private readonly db: DataSource) {}

  /** Opens a session for a user who just proved who they are, with its audit event. */
  async open(sessionId: string, userId: string, via: 'password' | 'sso', address: string): Promise<Principal> {
    return this.db.transaction(async (tx) => {
      await tx.query('INSERT INTO sessions (id, user_id) VALUES ($1, $2)', [sessionId, userId]);
      // An UPDATE answers [rows, count] through TypeORM.
      const [[row]] = (await tx.query(
        `UPDATE users u SET last_sign_in_at = now() WHERE id = $1 RETURNING $2::text AS ref, NULL::timestamptz AS seen, ${USER_COLUMNS}`,
        [userId, sessionId],
      )) as [PrincipalRow[], number];
      await tx.query('DELETE FROM sign_in_failures WHERE login = lower($1)', [row.login]);
      await recordAudit(tx, { id: userId }, 'auth.sign-in', { via, address });
      return toPrincipal(row, sessionId);
    });
  }

  /** The session's user while it is alive and the user is not disabled; null otherwise. */
  async resolve(sessionId: string): Promise<Principal | null> {
    const [row] = await this.db.query<PrincipalRow[]>(
      `SELECT s.id AS ref, s.last_seen_at AS seen, ${USER_COLUMNS}
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = $1 AND NOT u.disabled
          AND s.last_seen_at > now() - ${IDLE} AND s.created_at > now() - ${MAX_AGE}`,
      [sessionId],
    );
    if (!row) return null;
    if (!row.seen || Date.now() - row.seen.getTime() > TOUCH_EVERY_MS) {
      await this.db.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [sessionId]);
    }
    return toPrincipal(row, sessionId);
  }

  /** The token's owner while the token exists and the owner is not disabled. */
  async resolveToken(tokenHash: string): Promise<Principal | null> {
    const [row] = await this.db.query<PrincipalRow[]>(
      `SELECT t.id::text AS ref, t.last_used_at AS seen, ${USER_COLUMNS}
         FROM api_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND NOT u.disabled`,
      [tokenHash],
    );
    if (!row) return null;
    if (!row.seen || Date.now() - row.seen.getTime() > TOUCH_EVERY_MS) {
      await this.db.query('UPDATE api_tokens SET last_used_at = now() WHERE id = $1', [row.ref]);
    }
    return toPrincipal(row, null);
  }

  /** Ends one session (sign-out), with its event; false when it was already gone. */
  close(sessionId: string, userId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [, affected] = (await tx.query('DELETE FROM sessions WHERE id = $1', [sessionId])) as [unknown, number];
      if (affected) await recordAudit(tx, { id: userId }, 'auth.sign-out');
      return affected > 0;
    });
  }

  /** Sessions past their idle or maximum age (the worker's housekeeping). */
  async purgeExpired(): Promise<number> {
    const [, affected] = (await this.db.query(
      `DELETE FROM sessions WHERE last_seen_at < now() - ${IDLE} OR created_at < now() - ${MAX_AGE}`,
    )) as [unknown, number];
    return affected;
  }
}
