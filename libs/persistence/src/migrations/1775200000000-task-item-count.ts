import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A task's item count kept beside its items (a stored generated column): the task list and a
 * batch's readiness counted them with jsonb_array_length, which reads the whole items value —
 * one task of 10,000 items at their field limits (~90 MB) made every sidebar load take 5–10 s.
 */
export class TaskItemCount1775200000000 implements MigrationInterface {
  name = 'TaskItemCount1775200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tasks ADD COLUMN item_count integer GENERATED ALWAYS AS (jsonb_array_length(items)) STORED`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tasks DROP COLUMN item_count`);
  }
}
