import type { DataSource } from 'typeorm';
import { AUTH_LIMITS } from '@app/contracts';
import { recordAudit } from './audit-writer';

const WINDOW = `interval '${AUTH_LIMITS.signInWindowMinutes} minutes'`;
const nth = AUTH_LIMITS.signInFailures - 1;
/** Advisory lock classes (two-key form, apart from the single-key locks of migrations and the first admin). */
const LOGIN_LOCK = 2701;
const ADDRESS_LOCK = 2702;

/** An attempt allowed to go on: its slot counts as a failure until it is released. */
export type SignInAttempt = { slot: string } | { blockedUntil: Date };

/**
 * Failed sign-ins, counted in PostgreSQL so that every API replica sees the same count: 10 for one
 * login or one address within 15 minutes block both until the oldest of those ten is out of the
 * window (DESIGN §13).
 *
 * An attempt first reserves its slot, as if it failed, under advisory locks on the login and the
 * address; the password is checked afterwards, outside the locks (scrypt is slow), and a success
 * releases the slot. So parallel guesses cannot all pass the check before any failure is written:
 * the eleventh finds ten slots taken. The price is that attempts still in flight count against
 * their login and address for the ~100 ms of their check.
 */
export class SignInThrottleRepository {
  constructor(private readonly db: DataSource) {}

  /** A slot for one attempt, or when the login or the address may try again. */
  async reserve(login: string, address: string): Promise<SignInAttempt> {
    return this.db.transaction(async (tx) => {
      // Always the login's lock first, then the address's: no two attempts wait for each other in a circle.
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext(lower($2)))', [LOGIN_LOCK, login]);
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ADDRESS_LOCK, address]);
      const [row] = await tx.query<{ until: Date | null }[]>(
        `SELECT max(t.at) + ${WINDOW} AS until FROM (
           (SELECT at FROM sign_in_failures WHERE login = lower($1) AND at > now() - ${WINDOW} ORDER BY at DESC OFFSET ${nth} LIMIT 1)
           UNION ALL
           (SELECT at FROM sign_in_failures WHERE address = $2 AND at > now() - ${WINDOW} ORDER BY at DESC OFFSET ${nth} LIMIT 1)
         ) t`,
        [login, address],
      );
      if (row?.until) return { blockedUntil: row.until };
      const [slot] = await tx.query<{ id: string }[]>('INSERT INTO sign_in_failures (login, address) VALUES (lower($1), $2) RETURNING id', [login, address]);
      return { slot: String(slot.id) };
    });
  }

  /** The attempt succeeded: its slot no longer counts. */
  async release(slot: string): Promise<void> {
    await this.db.query('DELETE FROM sign_in_failures WHERE id = $1', [slot]);
  }

  /**
   * The attempt failed: its slot stays as the failure, and the audit event says so (the user when
   * the login names one; `during` when it was not a sign-in, e.g. a wrong current password).
   */
  async failed(login: string, address: string, userId: string | null, during?: 'password-change'): Promise<void> {
    await recordAudit(this.db.manager, userId ? { id: userId } : null, 'auth.sign-in-failed', { login: login.slice(0, 100), address, ...(during ? { during } : {}) });
  }

  /** Failures older than the window count for nothing (the worker's housekeeping). */
  async purge(): Promise<number> {
    const [, affected] = (await this.db.query(`DELETE FROM sign_in_failures WHERE at < now() - ${WINDOW}`)) as [unknown, number];
    return affected;
  }
}
