import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Objects in the bucket that no row owns (UnownedObjectsRepository): an export or an upload being
 * stored, and an upload its task replaced. Housekeeping removes each one once it has been listed
 * longer than STORAGE_GRACE_MS, so a replaced file outlives every job that may still read it and
 * an object whose writer died is not forgotten.
 */
export class UnownedObjects1771000000000 implements MigrationInterface {
  name = 'UnownedObjects1771000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE unowned_objects (
        key text PRIMARY KEY,
        reason varchar(16) NOT NULL CHECK (reason IN ('writing', 'replaced')),
        since timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX unowned_objects_since_idx ON unowned_objects (since)`);
    // The sweep asks whether an export row still points at a listed object.
    await q.query(`CREATE INDEX exports_object_key_idx ON exports (object_key) WHERE object_key IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX exports_object_key_idx`);
    await q.query(`DROP TABLE unowned_objects`);
  }
}
