import type { DataSource } from 'typeorm';

export interface SsoLogin {
  state: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string;
}

/** A single sign-on under way: what the callback needs (PKCE verifier, nonce, where to go back); 10 minutes at most. */
export class SsoLoginsRepository {
  constructor(private readonly db: DataSource) {}

  async start(login: SsoLogin): Promise<void> {
    await this.db.query('DELETE FROM sso_logins WHERE created_at < now() - interval \'10 minutes\'');
    await this.db.query('INSERT INTO sso_logins (state, code_verifier, nonce, return_to) VALUES ($1, $2, $3, $4)', [
      login.state,
      login.codeVerifier,
      login.nonce,
      login.returnTo,
    ]);
  }

  /** Takes the login once: a replayed callback finds nothing. */
  async take(state: string): Promise<SsoLogin | null> {
    const [rows] = (await this.db.query(
      `DELETE FROM sso_logins WHERE state = $1 AND created_at > now() - interval '10 minutes'
       RETURNING state, code_verifier AS "codeVerifier", nonce, return_to AS "returnTo"`,
      [state],
    )) as [SsoLogin[], number];
    return rows[0] ?? null;
  }
}
