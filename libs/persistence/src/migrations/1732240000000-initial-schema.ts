import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1732240000000 implements MigrationInterface {
  name = 'InitialSchema1732240000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE tasks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(200) NOT NULL,
        items jsonb NOT NULL DEFAULT '[]'::jsonb,
        files jsonb NOT NULL DEFAULT '{"price":null,"template":null}'::jsonb,
        mapping jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX tasks_created_idx ON tasks (created_at DESC)`);
    await q.query(`
      CREATE TABLE global_rules (
        id int PRIMARY KEY CHECK (id = 1),
        manual_mapping jsonb NOT NULL,
        price_to_template jsonb NOT NULL,
        price_keys jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      INSERT INTO global_rules (id, manual_mapping, price_to_template, price_keys)
      VALUES (1, '{"ma":0,"gm":0,"name":0,"minQty":0,"step":0}', '{}', '{"ma":0,"gm":0}')`);
    await q.query(`
      CREATE TABLE exports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        task_id uuid NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
        status varchar(16) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        object_key text,
        size bigint,
        report jsonb,
        error text,
        timings jsonb,
        attempts int NOT NULL DEFAULT 0,
        job_id text
      )`);
    await q.query(`CREATE INDEX exports_task_created_idx ON exports (task_id, created_at)`);
    await q.query(`CREATE INDEX exports_finished_idx ON exports (finished_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE exports`);
    await q.query(`DROP TABLE global_rules`);
    await q.query(`DROP TABLE tasks`);
  }
}
