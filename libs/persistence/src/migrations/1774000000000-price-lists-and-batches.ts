import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One price list, many exports (DESIGN §12): the library of price lists and their versions, the
 * list a task may follow, the version and the batch each export came from, and batches with one
 * row per task. A batch row of a generate points at its export row, whose status is the row's
 * (one source of truth); a check's row keeps its own status and result. Existing tasks keep their
 * own files (price_list_id null) and existing exports their history (no version, no batch).
 */
export class PriceListsAndBatches1774000000000 implements MigrationInterface {
  name = 'PriceListsAndBatches1774000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE price_lists (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL CHECK (name <> ''),
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX price_lists_name_key ON price_lists (lower(name))`);
    await q.query(`
      CREATE TABLE price_list_versions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        price_list_id uuid NOT NULL REFERENCES price_lists(id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        size bigint NOT NULL,
        sha256 char(64) NOT NULL,
        format varchar(8) NOT NULL CHECK (format IN ('xlsx', 'csv')),
        object_key text NOT NULL,
        uploaded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE INDEX price_list_versions_list_idx ON price_list_versions (price_list_id, uploaded_at DESC)`);
    await q.query(`ALTER TABLE tasks ADD COLUMN price_list_id uuid REFERENCES price_lists(id) ON DELETE RESTRICT`);
    await q.query(`CREATE INDEX tasks_price_list_idx ON tasks (price_list_id) WHERE price_list_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE batches (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        action varchar(16) NOT NULL CHECK (action IN ('generate', 'check')),
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX batches_created_idx ON batches (created_at DESC)`);
    await q.query(`
      CREATE TABLE batch_rows (
        batch_id uuid NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
        position integer NOT NULL,
        task_id uuid REFERENCES tasks(id) ON DELETE SET NULL,
        task_name varchar(200) NOT NULL,
        export_id uuid,
        status varchar(16) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
        result jsonb,
        error text,
        finished_at timestamptz,
        PRIMARY KEY (batch_id, position)
      )`);
    await q.query(`CREATE INDEX batch_rows_export_idx ON batch_rows (export_id) WHERE export_id IS NOT NULL`);
    await q.query(`ALTER TABLE exports ADD COLUMN price_version_id uuid REFERENCES price_list_versions(id) ON DELETE SET NULL`);
    await q.query(`ALTER TABLE exports ADD COLUMN batch_id uuid REFERENCES batches(id) ON DELETE SET NULL`);
    await q.query(`CREATE INDEX exports_price_version_idx ON exports (price_version_id) WHERE price_version_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE exports DROP COLUMN batch_id`);
    await q.query(`ALTER TABLE exports DROP COLUMN price_version_id`);
    await q.query(`DROP TABLE batch_rows`);
    await q.query(`DROP TABLE batches`);
    await q.query(`ALTER TABLE tasks DROP COLUMN price_list_id`);
    await q.query(`DROP TABLE price_list_versions`);
    await q.query(`DROP TABLE price_lists`);
  }
}
