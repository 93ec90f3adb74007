import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who is working (DESIGN §13): users, their server-side sessions, personal tokens, the sign-in
 * throttle's failures, the single sign-on logins under way, and the audit log. Existing tasks,
 * profiles and exports are untouched; exports made before this have no author (created_by null),
 * and the journal starts here. The first admin is made by the API at start (ADMIN_USER), not here:
 * a migration knows no passwords.
 */
export class UsersAndAudit1772000000000 implements MigrationInterface {
  name = 'UsersAndAudit1772000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        login varchar(100) NOT NULL CHECK (login <> '' AND login = btrim(login)),
        display_name varchar(200) NOT NULL,
        role varchar(16) NOT NULL CHECK (role IN ('viewer', 'staff', 'admin')),
        password_hash text,
        must_change_password boolean NOT NULL DEFAULT false,
        disabled boolean NOT NULL DEFAULT false,
        oidc_subject text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_sign_in_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX users_login_key ON users (lower(login))`);
    await q.query(`
      CREATE TABLE sessions (
        id char(64) PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sessions_user_idx ON sessions (user_id)`);
    await q.query(`CREATE INDEX sessions_seen_idx ON sessions (last_seen_at)`);
    await q.query(`
      CREATE TABLE api_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      )`);
    await q.query(`CREATE INDEX api_tokens_user_idx ON api_tokens (user_id)`);
    await q.query(`
      CREATE TABLE sign_in_failures (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        login varchar(1000) NOT NULL,
        address varchar(100) NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sign_in_failures_login_idx ON sign_in_failures (login, at)`);
    await q.query(`CREATE INDEX sign_in_failures_address_idx ON sign_in_failures (address, at)`);
    await q.query(`
      CREATE TABLE sso_logins (
        state varchar(100) PRIMARY KEY,
        code_verifier varchar(200) NOT NULL,
        nonce varchar(100) NOT NULL,
        return_to text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE audit_events (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        user_id uuid REFERENCES users(id),
        action varchar(40) NOT NULL,
        task_id uuid,
        details jsonb NOT NULL DEFAULT '{}'::jsonb
      )`);
    await q.query(`CREATE INDEX audit_events_at_idx ON audit_events (at)`);
    await q.query(`CREATE INDEX audit_events_task_idx ON audit_events (task_id, id) WHERE task_id IS NOT NULL`);
    await q.query(`CREATE INDEX audit_events_user_idx ON audit_events (user_id, id)`);
    await q.query(`ALTER TABLE exports ADD COLUMN created_by uuid REFERENCES users(id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE exports DROP COLUMN created_by`);
    for (const table of ['audit_events', 'sso_logins', 'sign_in_failures', 'api_tokens', 'sessions', 'users']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
