import type { DataSource } from 'typeorm';
import { AUTH_LIMITS } from '@app/contracts';
import { recordAudit } from './audit-writer';

const WINDOW = `interval '${AUTH_LIMITS.signInWindowMinutes} minutes'`;
const nth = AUTH_LIMITS.signInFailures - 1;

/**
 * Failed sign-ins, counted in PostgreSQL so that every API replica sees the same count: 10 for one
 * login or one address within 15 minutes block both until the oldest of those ten is out of the
 * window (DESIGN §13).
 */
export class SignInThrottleRepository {
  constructor(private readonly db: DataSource) {}

  /** When the login or the address may try again; null when it may now. */
  async blockedUntil(login: string, address: string): Promise<Date | null> {
    const [row] = await this.db.query<{ until: Date | null }[]>(
      `SELECT max(t.at) + ${WINDOW} AS until FROM (
         (SELECT at FROM sign_in_failures WHERE login = lower($1) AND at > now() - ${WINDOW} ORDER BY at DESC OFFSET ${nth} LIMIT 1)
         UNION ALL
         (SELECT at FROM sign_in_failures WHERE address = $2 AND at > now() - ${WINDOW} ORDER BY at DESC OFFSET ${nth} LIMIT 1)
       ) t`,
      [login, address],
    );
    return row?.until ?? null;
  }

  /** A wrong login or password, with its audit event (the user when the login names one). */
  async recordFailure(login: string, address: string, userId: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('INSERT INTO sign_in_failures (login, address) VALUES (lower($1), $2)', [login, address]);
      await recordAudit(tx, userId ? { id: userId } : null, 'auth.sign-in-failed', { login: login.slice(0, 100), address });
    });
  }

  /** Failures older than the window count for nothing (the worker's housekeeping). */
  async purge(): Promise<number> {
    const [, affected] = (await this.db.query(`DELETE FROM sign_in_failures WHERE at < now() - ${WINDOW}`)) as [unknown, number];
    return affected;
  }
}
