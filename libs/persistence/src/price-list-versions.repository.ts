import type { DataSource } from 'typeorm';
import { recordAudit, type Actor } from './audit-writer';
import { PriceListEntity, PriceListVersionEntity } from './price-list.entity';
import { currentVersions } from './price-lists.repository';
import { STALE_SQL } from './price-list-sql';
import type { StoredFile, TaskEntity } from './task.entity';
import { UnownedObjectsRepository } from './unowned-objects.repository';

/** A checked upload stored under a fresh key (listed as `writing` before it was put). */
export interface StoredVersionFile {
  key: string;
  name: string;
  size: number;
  format: 'xlsx' | 'csv';
  sha256: string;
}

/** The price file a task's job reads: its own upload, or its list's current version (DESIGN §12). */
export interface TaskPriceFile {
  file: StoredFile | null;
  /** The library version it is; null for the task's own file. */
  versionId: string | null;
}

/** What a task's answers say of the list it follows. */
export interface TaskFollowingRow {
  list: PriceListEntity;
  current: PriceListVersionEntity | null;
  stale: boolean;
}

/** Rolls back a version whose new object the sweep already removed. */
class SweptUpload extends Error {}

export const toStoredFile = (v: PriceListVersionEntity): StoredFile => ({ key: v.objectKey, name: v.name, size: v.size, uploadedAt: v.uploadedAt.toISOString() });

/** The files of the library's price lists: one row per upload, never changed but for its `rows` written once by a worker, removed by retention or with their list. */
export class PriceListVersionsRepository {
  private readonly unowned: UnownedObjectsRepository;

  constructor(private readonly db: DataSource) {
    this.unowned = new UnownedObjectsRepository(db);
  }

  /**
   * The stored file becomes the list's newest version, in one transaction with the list's version
   * bump and the audit event; the answer names the tasks that follow the list. null: the list is
   * gone; `swept`: the object was removed as unowned meanwhile (the upload outlasted the grace period).
   */
  async add(actor: Actor, listId: string, file: StoredVersionFile): Promise<{ version: PriceListVersionEntity; taskIds: string[] } | 'swept' | null> {
    try {
      const added = await this.db.transaction(async (tx) => {
        const list = await tx.getRepository(PriceListEntity).findOne({ where: { id: listId }, lock: { mode: 'pessimistic_write' } });
        if (!list) return null;
        if (!(await this.unowned.claim(file.key, tx))) throw new SweptUpload();
        const repo = tx.getRepository(PriceListVersionEntity);
        const row = { priceListId: listId, name: file.name, size: file.size, sha256: file.sha256, format: file.format, objectKey: file.key, uploadedBy: actor.id };
        const { id } = await repo.save(repo.create(row));
        await tx.getRepository(PriceListEntity).update({ id: listId }, { version: list.version + 1 });
        await recordAudit(tx, actor, 'price-list.version', { priceListId: listId, list: list.name, versionId: id, name: file.name, size: file.size, sha256: file.sha256 });
        const tasks = (await tx.query(`SELECT id FROM tasks WHERE price_list_id = $1 ORDER BY created_at DESC, id`, [listId])) as { id: string }[];
        return { id, taskIds: tasks.map((t) => t.id) };
      });
      if (!added) return null;
      const version = await this.db.getRepository(PriceListVersionEntity).findOneOrFail({ where: { id: added.id }, relations: { uploader: true } });
      return { version, taskIds: added.taskIds };
    } catch (error) {
      if (error instanceof SweptUpload) return 'swept';
      throw error;
    }
  }

  /** Newest first. */
  list(listId: string): Promise<PriceListVersionEntity[]> {
    return this.db.getRepository(PriceListVersionEntity).find({ where: { priceListId: listId }, order: { uploadedAt: 'DESC', id: 'DESC' }, relations: { uploader: true } });
  }

  find(listId: string, versionId: string): Promise<PriceListVersionEntity | null> {
    return this.db.getRepository(PriceListVersionEntity).findOne({ where: { id: versionId, priceListId: listId }, relations: { uploader: true } });
  }

  /** A version by its id alone (a worker's count names no list). */
  byId(versionId: string): Promise<PriceListVersionEntity | null> {
    return this.db.getRepository(PriceListVersionEntity).findOneBy({ id: versionId });
  }

  /** Its data rows, written once: a count that comes again (a retried job) changes nothing. */
  async setRows(versionId: string, rows: number): Promise<void> {
    await this.db.query(`UPDATE price_list_versions SET rows = $2 WHERE id = $1 AND rows IS NULL`, [versionId, rows]);
  }

  /** What generate and check read for the task now (DESIGN §12): its list's current version, else its own file. */
  async priceFileOf(task: Pick<TaskEntity, 'files' | 'priceListId'>): Promise<TaskPriceFile> {
    if (!task.priceListId) return { file: task.files.price, versionId: null };
    const current = (await currentVersions(this.db.manager, [task.priceListId])).get(task.priceListId);
    return current ? { file: toStoredFile(current), versionId: current.id } : { file: null, versionId: null };
  }

  /** For each of the tasks that follows a list: the list, its current version and whether the task is stale. */
  async following(taskIds: string[]): Promise<Map<string, TaskFollowingRow>> {
    if (!taskIds.length) return new Map();
    const rows = (await this.db.query(
      `SELECT t.id, t.price_list_id AS "listId", ${STALE_SQL('t')} AS stale FROM tasks t WHERE t.id = ANY($1) AND t.price_list_id IS NOT NULL`,
      [taskIds],
    )) as { id: string; listId: string; stale: boolean }[];
    const listIds = [...new Set(rows.map((r) => r.listId))];
    if (!listIds.length) return new Map();
    const lists = await this.db.getRepository(PriceListEntity).findBy(listIds.map((id) => ({ id })));
    const current = await currentVersions(this.db.manager, listIds);
    const out = new Map<string, TaskFollowingRow>();
    for (const row of rows) {
      const list = lists.find((l) => l.id === row.listId);
      if (list) out.set(row.id, { list, current: current.get(list.id) ?? null, stale: row.stale });
    }
    return out;
  }

  /**
   * Retention (DESIGN §12): of each list the newest `keep` versions stay, and any an export row
   * still points at; the rest go, their objects listed for housekeeping's grace-period sweep (a
   * job still reading one is safe). Returns how many were removed.
   */
  prune(keep: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [gone] = (await tx.query(
        `DELETE FROM price_list_versions v
          USING (SELECT id, row_number() OVER (PARTITION BY price_list_id ORDER BY uploaded_at DESC, id DESC) AS n FROM price_list_versions) r
          WHERE v.id = r.id AND r.n > $1 AND NOT EXISTS (SELECT 1 FROM exports e WHERE e.price_version_id = v.id)
          RETURNING v.object_key`,
        [keep],
      )) as [{ object_key: string }[], number];
      for (const row of gone) await this.unowned.release(row.object_key, tx);
      return gone.length;
    });
  }
}
