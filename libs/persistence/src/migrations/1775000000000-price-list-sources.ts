import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The built-in user `Автоматически` (DESIGN §16): starts the batches a list runs by itself; never signs in. */
export const AUTOMATIC_USER_ID = '00000000-0000-4000-8000-0000000000a1';

/**
 * Price lists that arrive by themselves, and the guard before a version is used (DESIGN §16).
 * A version now has a status: the list's one `current` version is what tasks read (was: its
 * newest); a new one is `pending` until compared with it, then `current` or `held` (its hold
 * reasons kept), and a held one `rejected` or `current` by a person's decision; the current one it
 * replaces becomes `old`. Existing lists keep their newest version as the current one. A list
 * may have one source (a URL or a mailbox, its secrets encrypted), its runs, the messages it took;
 * and its own settings: what to do with a new version, to deliver, what to compare, the guard's
 * thresholds.
 */
export class PriceListSources1775000000000 implements MigrationInterface {
  name = 'PriceListSources1775000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE price_list_versions
        ADD COLUMN status varchar(10) NOT NULL DEFAULT 'old' CHECK (status IN ('pending', 'current', 'held', 'rejected', 'old')),
        ADD COLUMN origin varchar(8) NOT NULL DEFAULT 'upload' CHECK (origin IN ('upload', 'url', 'mailbox')),
        ADD COLUMN hold_reasons jsonb,
        ADD COLUMN diff jsonb,
        ADD COLUMN diff_object_key text,
        ADD COLUMN snapshot_object_key text,
        ADD COLUMN compared_with uuid REFERENCES price_list_versions(id) ON DELETE SET NULL,
        ADD COLUMN decided_at timestamptz,
        ADD COLUMN decided_by uuid REFERENCES users(id) ON DELETE SET NULL`);
    await q.query(`
      UPDATE price_list_versions v SET status = 'current'
        FROM (SELECT DISTINCT ON (price_list_id) id FROM price_list_versions ORDER BY price_list_id, uploaded_at DESC, id DESC) newest
       WHERE v.id = newest.id`);
    await q.query(`CREATE UNIQUE INDEX price_list_versions_current_key ON price_list_versions (price_list_id) WHERE status = 'current'`);
    await q.query(`
      ALTER TABLE price_lists
        ADD COLUMN on_new_version varchar(10) NOT NULL DEFAULT 'none' CHECK (on_new_version IN ('none', 'check', 'generate')),
        ADD COLUMN deliver boolean NOT NULL DEFAULT false,
        ADD COLUMN compare jsonb,
        ADD COLUMN guard jsonb`);
    await q.query(`
      CREATE TABLE price_list_sources (
        price_list_id uuid PRIMARY KEY REFERENCES price_lists(id) ON DELETE CASCADE,
        kind varchar(8) NOT NULL CHECK (kind IN ('url', 'mailbox')),
        settings jsonb NOT NULL,
        secrets text,
        every_minutes integer CHECK (every_minutes BETWEEN 5 AND 1440),
        cron varchar(100),
        timezone varchar(64),
        etag text,
        last_modified text,
        failures integer NOT NULL DEFAULT 0,
        lease_until timestamptz,
        lease_job text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        CHECK (every_minutes IS NULL OR cron IS NULL)
      )`);
    await q.query(`
      CREATE TABLE price_list_source_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        price_list_id uuid NOT NULL REFERENCES price_lists(id) ON DELETE CASCADE,
        job_id text NOT NULL UNIQUE,
        started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        finished_at timestamptz,
        outcome varchar(12) CHECK (outcome IN ('new-version', 'unchanged', 'held', 'failed')),
        message text,
        version_id uuid REFERENCES price_list_versions(id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE INDEX price_list_source_runs_list_idx ON price_list_source_runs (price_list_id, started_at DESC)`);
    await q.query(`
      CREATE TABLE price_list_source_messages (
        price_list_id uuid NOT NULL REFERENCES price_lists(id) ON DELETE CASCADE,
        message_id text NOT NULL,
        taken_at timestamptz NOT NULL DEFAULT now(),
        version_id uuid REFERENCES price_list_versions(id) ON DELETE SET NULL,
        PRIMARY KEY (price_list_id, message_id)
      )`);
    // A batch a list started by itself names the version that became current (its list: the version's).
    await q.query(`ALTER TABLE batches ADD COLUMN price_version_id uuid REFERENCES price_list_versions(id) ON DELETE SET NULL`);
    await q.query(`ALTER TABLE users ADD COLUMN system boolean NOT NULL DEFAULT false`);
    await q.query(
      `INSERT INTO users (id, login, display_name, role, system) VALUES ($1, 'system:automatic', 'Автоматически', 'staff', true) ON CONFLICT DO NOTHING`,
      [AUTOMATIC_USER_ID],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM users WHERE id = $1`, [AUTOMATIC_USER_ID]);
    await q.query(`ALTER TABLE users DROP COLUMN system`);
    await q.query(`ALTER TABLE batches DROP COLUMN price_version_id`);
    await q.query(`DROP TABLE price_list_source_messages`);
    await q.query(`DROP TABLE price_list_source_runs`);
    await q.query(`DROP TABLE price_list_sources`);
    await q.query(`ALTER TABLE price_lists DROP COLUMN guard, DROP COLUMN compare, DROP COLUMN deliver, DROP COLUMN on_new_version`);
    await q.query(`DROP INDEX price_list_versions_current_key`);
    await q.query(`
      ALTER TABLE price_list_versions DROP COLUMN decided_by, DROP COLUMN decided_at, DROP COLUMN compared_with,
        DROP COLUMN snapshot_object_key, DROP COLUMN diff_object_key, DROP COLUMN diff, DROP COLUMN hold_reasons, DROP COLUMN origin, DROP COLUMN status`);
  }
}
