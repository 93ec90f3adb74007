import type { DataSource, EntityManager } from 'typeorm';
import { recordAudit, type Actor } from './audit-writer';
import { PriceListEntity } from './price-list.entity';
import { PriceListSourceEntity, PriceListSourceRunEntity, type SourceKind, type SourceRunOutcome } from './price-list-source.entity';

/** A source as it is stored: its settings without secrets, the sealed secrets, its schedule. */
export interface SourceRow {
  kind: SourceKind;
  settings: Record<string, unknown>;
  secrets: string | null;
  everyMinutes: number | null;
  cron: string | null;
  timezone: string | null;
}

/** How long a poll holds its source: longer than any fetch or mailbox read may take (DESIGN §16: 60 s each). */
const LEASE_MINUTES = 10;

/**
 * Price lists' sources (DESIGN §16), their runs and the mail messages they took. A poll takes the
 * source's lease first (one poll of a source at a time, across every worker); a poll's job that
 * runs again after its worker died takes over its own lease and its own run row, so it is one poll.
 */
export class PriceListSourcesRepository {
  constructor(private readonly db: DataSource) {}

  find(listId: string): Promise<PriceListSourceEntity | null> {
    return this.db.getRepository(PriceListSourceEntity).findOneBy({ priceListId: listId });
  }

  /** Every source with a schedule (the worker registers their schedulers again after Redis lost them). */
  scheduled(): Promise<PriceListSourceEntity[]> {
    return this.db.getRepository(PriceListSourceEntity).createQueryBuilder('s').where('s.every_minutes IS NOT NULL OR s.cron IS NOT NULL').getMany();
  }

  /** Sets the list's source (kept: what its last fetch answered, unless the address changed), with its audit event. null: no such list. */
  set(actor: Actor, listId: string, row: SourceRow, audit: Record<string, unknown>): Promise<PriceListSourceEntity | null> {
    return this.db.transaction(async (tx) => {
      const list = await tx.getRepository(PriceListEntity).findOne({ where: { id: listId }, lock: { mode: 'pessimistic_write' } });
      if (!list) return null;
      const before = await tx.getRepository(PriceListSourceEntity).findOneBy({ priceListId: listId });
      const sameAddress = before?.kind === row.kind && before.settings.url === row.settings.url;
      await tx.query(
        `INSERT INTO price_list_sources (price_list_id, kind, settings, secrets, every_minutes, cron, timezone, etag, last_modified, failures, updated_at, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, now(), $10)
         ON CONFLICT (price_list_id) DO UPDATE SET kind = $2, settings = $3, secrets = $4, every_minutes = $5, cron = $6, timezone = $7,
           etag = $8, last_modified = $9, failures = 0, updated_at = now(), updated_by = $10`,
        [listId, row.kind, JSON.stringify(row.settings), row.secrets, row.everyMinutes, row.cron, row.timezone, sameAddress ? before.etag : null, sameAddress ? before.lastModified : null, actor.id],
      );
      await recordAudit(tx, actor, 'price-source.set', { priceListId: listId, list: list.name, ...audit });
      return tx.getRepository(PriceListSourceEntity).findOneByOrFail({ priceListId: listId });
    });
  }

  /** Removes the list's source (its runs stay), with its audit event; false when it had none. */
  remove(actor: Actor, listId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [, affected] = (await tx.query(`DELETE FROM price_list_sources WHERE price_list_id = $1`, [listId])) as [unknown, number];
      if (!affected) return false;
      const [list] = (await tx.query(`SELECT name FROM price_lists WHERE id = $1`, [listId])) as { name: string }[];
      await recordAudit(tx, actor, 'price-source.set', { priceListId: listId, list: list?.name, removed: true });
      return true;
    });
  }

  /** The newest runs of a list. */
  runs(listId: string, limit: number): Promise<PriceListSourceRunEntity[]> {
    return this.db.getRepository(PriceListSourceRunEntity).find({ where: { priceListId: listId }, order: { startedAt: 'DESC', id: 'DESC' }, take: limit });
  }

  /**
   * The source's lease for the poll `jobId`: taken when free, expired, or already this job's (its
   * earlier attempt died). null when another poll holds it, or the list has no source any more.
   */
  async lease(listId: string, jobId: string): Promise<PriceListSourceEntity | null> {
    const [rows] = (await this.db.query(
      `UPDATE price_list_sources SET lease_until = now() + make_interval(mins => $3), lease_job = $2
        WHERE price_list_id = $1 AND (lease_until IS NULL OR lease_until < now() OR lease_job = $2) RETURNING price_list_id`,
      [listId, jobId, LEASE_MINUTES],
    )) as [{ price_list_id: string }[], number];
    return rows.length ? this.find(listId) : null;
  }

  async release(listId: string, jobId: string): Promise<void> {
    await this.db.query(`UPDATE price_list_sources SET lease_until = NULL, lease_job = NULL WHERE price_list_id = $1 AND lease_job = $2`, [listId, jobId]);
  }

  /** The run of the poll `jobId`: one row per job, whatever its attempts. */
  async startRun(listId: string, jobId: string): Promise<PriceListSourceRunEntity> {
    await this.db.query(`INSERT INTO price_list_source_runs (price_list_id, job_id) VALUES ($1, $2) ON CONFLICT (job_id) DO NOTHING`, [listId, jobId]);
    return this.db.getRepository(PriceListSourceRunEntity).findOneByOrFail({ jobId });
  }

  /** The version a run made, recorded at once (its poll, taken up again after a crash, compares it instead of fetching again). */
  async runMadeVersion(runId: string, versionId: string): Promise<void> {
    await this.db.query(`UPDATE price_list_source_runs SET version_id = $2 WHERE id = $1`, [runId, versionId]);
  }

  /**
   * Ends a run with its outcome and its audit event (by `actor`: who pressed `Проверить сейчас`, or
   * Автоматически), and counts the source's failures in a row; returns that count.
   */
  finishRun(actor: Actor, run: PriceListSourceRunEntity, outcome: SourceRunOutcome, message: string, versionId: string | null, fetched?: { etag: string | null; lastModified: string | null }): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.query(`UPDATE price_list_source_runs SET finished_at = clock_timestamp(), outcome = $2, message = $3, version_id = $4 WHERE id = $1`, [run.id, outcome, message, versionId]);
      const failures = await this.countFailure(tx, run.priceListId, outcome === 'failed', fetched);
      const [list] = (await tx.query(`SELECT name FROM price_lists WHERE id = $1`, [run.priceListId])) as { name: string }[];
      await recordAudit(tx, actor, 'price-source.run', { priceListId: run.priceListId, list: list?.name, outcome, message, versionId });
      return failures;
    });
  }

  /** Whether the list's source took the message already (DESIGN §16: never twice). */
  async taken(listId: string, messageId: string): Promise<boolean> {
    const rows = (await this.db.query(`SELECT 1 FROM price_list_source_messages WHERE price_list_id = $1 AND message_id = $2`, [listId, messageId])) as unknown[];
    return rows.length > 0;
  }

  /** A message dealt with (a version made of it, or refused): in the same transaction as that version, when there is one. */
  async take(listId: string, messageId: string, versionId: string | null, manager: EntityManager = this.db.manager): Promise<void> {
    await manager.query(`INSERT INTO price_list_source_messages (price_list_id, message_id, version_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [listId, messageId, versionId]);
  }

  private async countFailure(tx: EntityManager, listId: string, failed: boolean, fetched?: { etag: string | null; lastModified: string | null }): Promise<number> {
    const [rows] = (await tx.query(
      `UPDATE price_list_sources SET failures = CASE WHEN $2 THEN failures + 1 ELSE 0 END,
              etag = CASE WHEN $3 THEN $4 ELSE etag END, last_modified = CASE WHEN $3 THEN $5 ELSE last_modified END
        WHERE price_list_id = $1 RETURNING failures`,
      [listId, failed, fetched !== undefined, fetched?.etag ?? null, fetched?.lastModified ?? null],
    )) as [{ failures: number }[], number];
    return rows[0]?.failures ?? 0;
  }
}
