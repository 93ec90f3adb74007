import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A task's version: a counter bumped by every save of its items, so that a save made from an
 * older copy of the task is refused instead of silently overwriting a newer one. updated_at could
 * not serve: it is the transaction's start time (two overlapping saves can get it out of order),
 * uploads move it too, and its microseconds do not survive a round trip through a JS Date.
 */
export class TaskVersion1764547200000 implements MigrationInterface {
  name = 'TaskVersion1764547200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tasks ADD COLUMN version integer NOT NULL DEFAULT 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tasks DROP COLUMN version`);
  }
}
