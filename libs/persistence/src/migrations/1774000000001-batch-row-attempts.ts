import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A check row of a batch counts the attempts made at it, as an export row does: the reconciler
 * queues a check whose job Redis lost again only a bounded number of times, then fails the row.
 */
export class BatchRowAttempts1774000000001 implements MigrationInterface {
  name = 'BatchRowAttempts1774000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE batch_rows ADD COLUMN attempts integer NOT NULL DEFAULT 0`);
    await q.query(`CREATE INDEX batch_rows_unfinished_idx ON batch_rows (batch_id) WHERE status IN ('queued', 'running')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX batch_rows_unfinished_idx`);
    await q.query(`ALTER TABLE batch_rows DROP COLUMN attempts`);
  }
}
