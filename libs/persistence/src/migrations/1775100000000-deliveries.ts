import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Files delivered by e-mail, and people told (DESIGN §17): each task's recipients and message
 * (task_deliveries), the delivery log (deliveries: one row per message of an export, written
 * before and after its SMTP conversation, its Message-ID chosen before the first), the price
 * lists each user follows, the notices sent to them, users' addresses, and what a batch says of
 * its sending: `deliver` (send each file as it is made), `reason` and `price_list_id` (a batch a
 * price list started by itself on a new version, DESIGN §16; null for a user's) and `noticed_at`
 * (its end told). Batches from before are counted as told: nobody hears of an old batch now.
 */
export class Deliveries1775100000000 implements MigrationInterface {
  name = 'Deliveries1775100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN email varchar(254)`);
    await q.query(`ALTER TABLE batches ADD COLUMN deliver boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE batches ADD COLUMN reason varchar(32)`);
    await q.query(`ALTER TABLE batches ADD COLUMN price_list_id uuid REFERENCES price_lists(id) ON DELETE SET NULL`);
    await q.query(`ALTER TABLE batches ADD COLUMN noticed_at timestamptz`);
    await q.query(`UPDATE batches SET noticed_at = now()`);
    await q.query(`CREATE INDEX batches_unnoticed_idx ON batches (finished_at) WHERE noticed_at IS NULL`);
    await q.query(`
      CREATE TABLE task_deliveries (
        task_id uuid PRIMARY KEY REFERENCES tasks(id) ON DELETE CASCADE,
        to_addresses text[] NOT NULL,
        cc_addresses text[] NOT NULL DEFAULT '{}',
        subject text NOT NULL,
        body text NOT NULL,
        auto boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL
      )`);
    await q.query(`
      CREATE TABLE deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        export_id uuid NOT NULL REFERENCES exports(id) ON DELETE CASCADE,
        task_id uuid REFERENCES tasks(id) ON DELETE SET NULL,
        batch_id uuid REFERENCES batches(id) ON DELETE SET NULL,
        to_addresses text[] NOT NULL,
        cc_addresses text[] NOT NULL,
        recipients_key text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        file_name text NOT NULL,
        status varchar(8) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        message_id text NOT NULL UNIQUE,
        reply text,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        attempted_at timestamptz,
        sent_at timestamptz,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL
      )`);
    // At most one message of an export to the same recipients on its way at a time.
    await q.query(`CREATE UNIQUE INDEX deliveries_one_queued ON deliveries (export_id, recipients_key) WHERE status = 'queued'`);
    await q.query(`CREATE INDEX deliveries_export_idx ON deliveries (export_id, created_at DESC)`);
    await q.query(`CREATE INDEX deliveries_task_idx ON deliveries (task_id, created_at DESC)`);
    await q.query(`CREATE INDEX deliveries_queued_idx ON deliveries (created_at) WHERE status = 'queued'`);
    await q.query(`
      CREATE TABLE price_list_followers (
        price_list_id uuid NOT NULL REFERENCES price_lists(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (price_list_id, user_id)
      )`);
    await q.query(`CREATE INDEX price_list_followers_user_idx ON price_list_followers (user_id)`);
    await q.query(`
      CREATE TABLE notices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        key text NOT NULL UNIQUE,
        kind varchar(32) NOT NULL,
        batch_id uuid REFERENCES batches(id) ON DELETE CASCADE,
        recipients text[] NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        status varchar(8) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        message_id text NOT NULL UNIQUE,
        reply text,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        attempted_at timestamptz,
        sent_at timestamptz
      )`);
    await q.query(`CREATE INDEX notices_queued_idx ON notices (created_at) WHERE status = 'queued'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notices`);
    await q.query(`DROP TABLE price_list_followers`);
    await q.query(`DROP TABLE deliveries`);
    await q.query(`DROP TABLE task_deliveries`);
    await q.query(`ALTER TABLE batches DROP COLUMN noticed_at`);
    await q.query(`ALTER TABLE batches DROP COLUMN price_list_id`);
    await q.query(`ALTER TABLE batches DROP COLUMN reason`);
    await q.query(`ALTER TABLE batches DROP COLUMN deliver`);
    await q.query(`ALTER TABLE users DROP COLUMN email`);
  }
}
