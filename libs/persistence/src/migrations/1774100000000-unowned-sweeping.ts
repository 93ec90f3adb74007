import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Objects the sweep is removing are marked `sweeping` in a short transaction and removed from
 * storage after it has committed, so no database connection waits on storage calls (a frozen S3
 * would otherwise hold a connection and row locks for up to STORAGE_TIMEOUT_MS per object).
 */
export class UnownedSweeping1774100000000 implements MigrationInterface {
  name = 'UnownedSweeping1774100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE unowned_objects DROP CONSTRAINT unowned_objects_reason_check`);
    await q.query(`ALTER TABLE unowned_objects ADD CONSTRAINT unowned_objects_reason_check CHECK (reason IN ('writing', 'replaced', 'sweeping'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM unowned_objects WHERE reason = 'sweeping'`);
    await q.query(`ALTER TABLE unowned_objects DROP CONSTRAINT unowned_objects_reason_check`);
    await q.query(`ALTER TABLE unowned_objects ADD CONSTRAINT unowned_objects_reason_check CHECK (reason IN ('writing', 'replaced'))`);
  }
}
