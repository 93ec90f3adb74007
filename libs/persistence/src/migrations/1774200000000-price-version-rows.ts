import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A price-list version's data rows (DESIGN §12), counted by a worker after the upload. Versions
 * uploaded before have none yet (null): each is counted when its list's versions are next listed,
 * rather than here, where reading every stored file would hold up the start of the API.
 */
export class PriceVersionRows1774200000000 implements MigrationInterface {
  name = 'PriceVersionRows1774200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE price_list_versions ADD COLUMN rows integer CHECK (rows >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE price_list_versions DROP COLUMN rows`);
  }
}
