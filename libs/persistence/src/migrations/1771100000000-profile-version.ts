import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A rule profile's version, as a task has one: raised by every change of its rules or remembered
 * headers (a save, the global rules' PUT, `Исправить`), so that a save made from a page opened
 * before such a change is refused (409) instead of silently undoing it.
 */
export class ProfileVersion1771100000000 implements MigrationInterface {
  name = 'ProfileVersion1771100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rule_profiles ADD COLUMN version integer NOT NULL DEFAULT 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rule_profiles DROP COLUMN version`);
  }
}
