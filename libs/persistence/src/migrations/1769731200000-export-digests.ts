import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * «Changes since the last export» (DESIGN §11): each finished export keeps a digest of what it
 * wrote (item key → found, written price values) and what changed against the export before it.
 * Exports made before this have neither; the first export after it is compared with nothing.
 */
export class ExportDigests1769731200000 implements MigrationInterface {
  name = 'ExportDigests1769731200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE exports ADD COLUMN digest jsonb, ADD COLUMN changes jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE exports DROP COLUMN digest, DROP COLUMN changes`);
  }
}
