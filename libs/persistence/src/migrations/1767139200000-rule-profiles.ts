import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_PROFILE_NAME } from '@app/contracts';

const NO_RULES = `'{"ma":0,"gm":0,"name":0,"minQty":0,"step":0}', '{}', '{"ma":0,"gm":0}'`;

/**
 * Rule profiles (DESIGN §10). The one global_rules row becomes the default profile and every task
 * points to it, so a task's profile is never null: answers always carry a real id and the foreign
 * key guards every task. global_rules is dropped (nothing may write rules there any more) and
 * replaced by a read-only view of the default profile, so SQL that read it still sees the rules.
 */
export class RuleProfiles1767139200000 implements MigrationInterface {
  name = 'RuleProfiles1767139200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rule_profiles (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL CHECK (name <> '' AND name = btrim(name)),
        manual_mapping jsonb NOT NULL,
        price_to_template jsonb NOT NULL,
        price_keys jsonb NOT NULL,
        headers jsonb NOT NULL DEFAULT '{"template":{},"price":{}}'::jsonb,
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX rule_profiles_name_key ON rule_profiles (name)`);
    await q.query(`CREATE UNIQUE INDEX rule_profiles_one_default ON rule_profiles (is_default) WHERE is_default`);
    await q.query(
      `INSERT INTO rule_profiles (name, manual_mapping, price_to_template, price_keys, is_default, updated_at)
       SELECT $1, manual_mapping, price_to_template, price_keys, true, updated_at FROM global_rules WHERE id = 1`,
      [DEFAULT_PROFILE_NAME],
    );
    // The first migration always wrote that row; this only covers a database someone emptied by hand.
    await q.query(
      `INSERT INTO rule_profiles (name, manual_mapping, price_to_template, price_keys, is_default)
       SELECT $1, ${NO_RULES}, true WHERE NOT EXISTS (SELECT 1 FROM rule_profiles WHERE is_default)`,
      [DEFAULT_PROFILE_NAME],
    );
    await q.query(`ALTER TABLE tasks ADD COLUMN profile_id uuid`);
    await q.query(`UPDATE tasks SET profile_id = (SELECT id FROM rule_profiles WHERE is_default)`);
    await q.query(`
      ALTER TABLE tasks ALTER COLUMN profile_id SET NOT NULL,
        ADD CONSTRAINT tasks_profile_fk FOREIGN KEY (profile_id) REFERENCES rule_profiles (id)`);
    await q.query(`CREATE INDEX tasks_profile_idx ON tasks (profile_id)`);
    await q.query(`DROP TABLE global_rules`);
    await q.query(`
      CREATE VIEW global_rules AS
      SELECT 1 AS id, manual_mapping, price_to_template, price_keys, updated_at FROM rule_profiles WHERE is_default`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW global_rules`);
    await q.query(`
      CREATE TABLE global_rules (
        id int PRIMARY KEY CHECK (id = 1),
        manual_mapping jsonb NOT NULL,
        price_to_template jsonb NOT NULL,
        price_keys jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      INSERT INTO global_rules (id, manual_mapping, price_to_template, price_keys, updated_at)
      SELECT 1, manual_mapping, price_to_template, price_keys, updated_at FROM rule_profiles WHERE is_default`);
    await q.query(`ALTER TABLE tasks DROP COLUMN profile_id`);
    await q.query(`DROP TABLE rule_profiles`);
  }
}
