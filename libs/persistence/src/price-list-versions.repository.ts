import type { DataSource, EntityManager } from 'typeorm';
import { recordAudit, type Actor } from './audit-writer';
import { PriceListEntity, PriceListVersionEntity, type VersionOrigin, type VersionStatus } from './price-list.entity';
import { REJECTED_KEPT_DAYS, VERSION_TRANSITIONS, type VersionTransitionName } from './version-status';
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

/** What a pending version's comparison found (DESIGN §16). */
export interface VersionComparison {
  /** The current version it was compared with; null when the list had none. */
  comparedWith: string | null;
  /** The contract's PriceListDiff (lists cut at 500); null without a version to compare with. */
  diff: Record<string, unknown> | null;
  diffObjectKey: string | null;
  /** The version's own table for the next comparison (diffPriceVersions' snapshot); null without one. */
  snapshotObjectKey: string | null;
  /** Empty: within the guard's thresholds. */
  holdReasons: { code: string; message: string }[];
}

/** What a transition may write besides the status: a comparison's findings, or a decision. */
type VersionFields = Partial<Pick<VersionComparison, 'diff' | 'diffObjectKey' | 'snapshotObjectKey' | 'comparedWith'>> & { holdReasons?: VersionComparison['holdReasons'] | null; decidedAt?: Date; decidedBy?: string };

export interface ComparisonInput {
  version: PriceListVersionEntity;
  list: PriceListEntity;
  current: PriceListVersionEntity | null;
  tasks: { mapping: Pick<TaskEntity['mapping'], 'priceToTemplate' | 'priceKeys'>; priceHeaders: Record<string, string> | null; usedKeyColumns: { ma: number; gm: number } | null }[];
}

export type SettleOutcome =
  | { outcome: 'current' | 'held'; status: VersionStatus; list: PriceListEntity }
  | { outcome: 'settled'; status: VersionStatus; list: PriceListEntity }
  | { outcome: 'stale' }
  | { outcome: 'gone' };

/** Rolls back a version whose new object the sweep already removed. */
class SweptUpload extends Error {}

export const toStoredFile = (v: PriceListVersionEntity): StoredFile => ({ key: v.objectKey, name: v.name, size: v.size, uploadedAt: v.uploadedAt.toISOString() });

/**
 * The files of the library's price lists: one row per upload (by hand, fetched or mailed), its
 * file never changed; its `rows` and its comparison written once by a worker, its status moved as
 * VERSION_TRANSITIONS allow; removed by retention or with their list.
 */
export class PriceListVersionsRepository {
  private readonly unowned: UnownedObjectsRepository;

  constructor(private readonly db: DataSource) {
    this.unowned = new UnownedObjectsRepository(db);
  }

  /**
   * The stored file becomes a version of the list, in one transaction with the list's version
   * bump and the audit event: its first version is current at once; any later one is `pending`
   * until compared with the current one (DESIGN §16). The answer names the tasks that follow the
   * list. null: the list is gone; `swept`: the object was removed as unowned meanwhile (the upload
   * outlasted the grace period). `messageId`: the mail message it came from, recorded with it.
   */
  async add(actor: Actor, listId: string, file: StoredVersionFile, origin: VersionOrigin = 'upload', messageId?: string): Promise<{ version: PriceListVersionEntity; taskIds: string[] } | 'swept' | null> {
    try {
      const added = await this.db.transaction(async (tx) => {
        const list = await tx.getRepository(PriceListEntity).findOne({ where: { id: listId }, lock: { mode: 'pessimistic_write' } });
        if (!list) return null;
        if (!(await this.unowned.claim(file.key, tx))) throw new SweptUpload();
        const repo = tx.getRepository(PriceListVersionEntity);
        const hasCurrent = await repo.exists({ where: { priceListId: listId, status: 'current' } });
        const status: VersionStatus = hasCurrent ? 'pending' : 'current';
        const row = { priceListId: listId, name: file.name, size: file.size, sha256: file.sha256, format: file.format, objectKey: file.key, uploadedBy: actor.id, origin, status };
        const { id } = await repo.save(repo.create(row));
        await tx.getRepository(PriceListEntity).update({ id: listId }, { version: list.version + 1 });
        // A mailed version and the message it came from are recorded together: the message is never taken twice (DESIGN §16).
        if (messageId) await tx.query(`INSERT INTO price_list_source_messages (price_list_id, message_id, version_id) VALUES ($1, $2, $3)`, [listId, messageId, id]);
        await recordAudit(tx, actor, 'price-list.version', { priceListId: listId, list: list.name, versionId: id, name: file.name, size: file.size, sha256: file.sha256, origin });
        const tasks = (await tx.query(`SELECT id FROM tasks WHERE price_list_id = $1 ORDER BY created_at DESC, id`, [listId])) as { id: string }[];
        return { id, taskIds: tasks.map((t) => t.id) };
      });
      if (!added) return null;
      return { version: await this.withPeople(added.id), taskIds: added.taskIds };
    } catch (error) {
      if (error instanceof SweptUpload) return 'swept';
      throw error;
    }
  }

  /**
   * A pending version's comparison (DESIGN §16) settles it: held with its reasons, or current (the
   * one it replaces becomes old). Applies only while it is pending and the version it was compared
   * with is still the current one: `stale` when another became current meanwhile, or the sweep took
   * its diff.xlsx (compare again);
   * `settled` when it was settled already (a repeated job). In one transaction with its audit event.
   */
  settle(versionId: string, comparison: VersionComparison): Promise<SettleOutcome> {
    return this.db.transaction(async (tx) => {
      const version = await tx.getRepository(PriceListVersionEntity).findOneBy({ id: versionId });
      if (!version) return { outcome: 'gone' as const };
      const list = await tx.getRepository(PriceListEntity).findOne({ where: { id: version.priceListId }, lock: { mode: 'pessimistic_write' } });
      if (!list) return { outcome: 'gone' as const };
      const fresh = await tx.getRepository(PriceListVersionEntity).findOneByOrFail({ id: versionId });
      if (fresh.status !== 'pending') return { outcome: 'settled' as const, status: fresh.status, list };
      const current = await tx.getRepository(PriceListVersionEntity).findOneBy({ priceListId: list.id, status: 'current' });
      if ((current?.id ?? null) !== comparison.comparedWith) return { outcome: 'stale' as const };
      for (const key of [comparison.diffObjectKey, comparison.snapshotObjectKey]) if (key && !(await this.unowned.claim(key, tx))) return { outcome: 'stale' as const };
      const fields = {
        diff: comparison.diff,
        diffObjectKey: comparison.diffObjectKey,
        snapshotObjectKey: comparison.snapshotObjectKey,
        comparedWith: comparison.comparedWith,
        holdReasons: comparison.holdReasons.length ? comparison.holdReasons : null,
      };
      if (comparison.holdReasons.length) {
        await this.move(tx, versionId, 'hold', fields);
        await recordAudit(tx, null, 'price-version.hold', { priceListId: list.id, list: list.name, versionId, name: fresh.name, reasons: comparison.holdReasons });
        return { outcome: 'held' as const, status: 'held' as const, list };
      }
      await this.makeCurrent(tx, list.id, versionId, 'pass', fields);
      return { outcome: 'current' as const, status: 'current' as const, list };
    });
  }

  /**
   * `Принять` or `Отклонить` of a held version (DESIGN §16), with its audit event. null: no such
   * version of the list; `not-held`: it is not held (decided already, or never held).
   */
  decide(actor: Actor, listId: string, versionId: string, decision: 'accept' | 'reject'): Promise<{ version: PriceListVersionEntity; list: PriceListEntity } | 'not-held' | null> {
    return this.db
      .transaction(async (tx) => {
        const list = await tx.getRepository(PriceListEntity).findOne({ where: { id: listId }, lock: { mode: 'pessimistic_write' } });
        const version = list && (await tx.getRepository(PriceListVersionEntity).findOneBy({ id: versionId, priceListId: listId }));
        if (!list || !version) return null;
        if (version.status !== 'held') return 'not-held' as const;
        const decided = { decidedAt: new Date(), decidedBy: actor.id };
        if (decision === 'accept') await this.makeCurrent(tx, listId, versionId, 'accept', decided);
        else await this.move(tx, versionId, 'reject', decided);
        await recordAudit(tx, actor, decision === 'accept' ? 'price-version.accept' : 'price-version.reject', { priceListId: listId, list: list.name, versionId, name: version.name });
        return { id: versionId, list };
      })
      .then(async (r) => (r === null || r === 'not-held' ? r : { version: await this.withPeople(r.id), list: r.list }));
  }

  /**
   * What comparing a pending version needs (DESIGN §16): the version, its list, the list's current
   * version, and the rules of the tasks that follow it with their profiles' remembered price
   * headers and the key columns their newest export found (for the default compare settings).
   * null when the version is gone.
   */
  async comparisonInput(versionId: string): Promise<ComparisonInput | null> {
    const version = await this.db.getRepository(PriceListVersionEntity).findOneBy({ id: versionId });
    const list = version && (await this.db.getRepository(PriceListEntity).findOneBy({ id: version.priceListId }));
    if (!version || !list) return null;
    const current = await this.db.getRepository(PriceListVersionEntity).findOneBy({ priceListId: list.id, status: 'current' });
    const tasks = (await this.db.query(
      `SELECT t.mapping, p.headers -> 'price' AS "priceHeaders",
              (SELECT e.report -> 'keyColumns' FROM exports e WHERE e.task_id = t.id AND e.status = 'done' ORDER BY e.created_at DESC LIMIT 1) AS "usedKeyColumns"
         FROM tasks t LEFT JOIN rule_profiles p ON p.id = t.profile_id WHERE t.price_list_id = $1`,
      [list.id],
    )) as ComparisonInput['tasks'];
    return { version, list, current, tasks };
  }

  /**
   * A current version's table kept for the comparison that follows it (a list's first version,
   * DESIGN §16): false when the sweep took the object, or the version has a table already or is no
   * longer current (the object is then left to the sweep).
   */
  keepTable(versionId: string, key: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await this.unowned.claim(key, tx))) return false;
      const [, affected] = (await tx.query(
        `UPDATE price_list_versions SET snapshot_object_key = $2 WHERE id = $1 AND status = 'current' AND snapshot_object_key IS NULL`,
        [versionId, key],
      )) as [unknown, number];
      if (affected === 0) await this.unowned.release(key, tx);
      return affected > 0;
    });
  }

  /** The version with who uploaded and who decided it. */
  withPeople(versionId: string): Promise<PriceListVersionEntity> {
    return this.db.getRepository(PriceListVersionEntity).findOneOrFail({ where: { id: versionId }, relations: { uploader: true, decider: true } });
  }

  /** The version becomes the list's current one; the current one it replaces becomes old. */
  private async makeCurrent(tx: EntityManager, listId: string, versionId: string, how: 'pass' | 'accept', fields: VersionFields): Promise<void> {
    const current = await tx.getRepository(PriceListVersionEntity).findOneBy({ priceListId: listId, status: 'current' });
    if (current) await this.move(tx, current.id, 'supersede');
    await this.move(tx, versionId, how, fields);
  }

  /** One transition of VERSION_TRANSITIONS; throws when the version is not in a state it leaves (the callers checked under the list's lock). */
  private async move(tx: EntityManager, versionId: string, name: VersionTransitionName, fields: VersionFields = {}): Promise<void> {
    const { from, to } = VERSION_TRANSITIONS[name];
    const [, affected] = (await tx.query(
      `UPDATE price_list_versions SET status = $3,
              diff = CASE WHEN $4::boolean THEN $5::jsonb ELSE diff END,
              diff_object_key = CASE WHEN $4::boolean THEN $6 ELSE diff_object_key END,
              snapshot_object_key = CASE WHEN $4::boolean THEN $11 ELSE snapshot_object_key END,
              compared_with = CASE WHEN $4::boolean THEN $7::uuid ELSE compared_with END,
              hold_reasons = CASE WHEN $4::boolean THEN $8::jsonb ELSE hold_reasons END,
              decided_at = COALESCE($9, decided_at), decided_by = COALESCE($10, decided_by)
        WHERE id = $1 AND status = ANY($2)`,
      [
        versionId,
        [...from],
        to,
        'diff' in fields,
        fields.diff === undefined ? null : JSON.stringify(fields.diff),
        fields.diffObjectKey ?? null,
        fields.comparedWith ?? null,
        fields.holdReasons ? JSON.stringify(fields.holdReasons) : null,
        fields.decidedAt ?? null,
        fields.decidedBy ?? null,
        fields.snapshotObjectKey ?? null,
      ],
    )) as [unknown, number];
    if (affected !== 1) throw new Error(`version ${versionId}: ${name} applies only from ${from.join('/')}`);
  }

  /** Newest first. */
  list(listId: string): Promise<PriceListVersionEntity[]> {
    return this.db.getRepository(PriceListVersionEntity).find({ where: { priceListId: listId }, order: { uploadedAt: 'DESC', id: 'DESC' }, relations: { uploader: true, decider: true } });
  }

  find(listId: string, versionId: string): Promise<PriceListVersionEntity | null> {
    return this.db.getRepository(PriceListVersionEntity).findOne({ where: { id: versionId, priceListId: listId }, relations: { uploader: true, decider: true } });
  }

  /** The list's newest version, whatever its status (a fetch equal to it is `unchanged`, DESIGN §16). */
  newest(listId: string): Promise<PriceListVersionEntity | null> {
    return this.db.getRepository(PriceListVersionEntity).findOne({ where: { priceListId: listId }, order: { uploadedAt: 'DESC', id: 'DESC' } });
  }

  /** Versions pending longer than `olderThanMs` (their comparison's job lost or failed): the reconciler queues them again. */
  async pendingSince(olderThanMs: number): Promise<string[]> {
    const rows = (await this.db.query(`SELECT id FROM price_list_versions WHERE status = 'pending' AND uploaded_at < now() - make_interval(secs => $1)`, [olderThanMs / 1000])) as { id: string }[];
    return rows.map((r) => r.id);
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
   * Retention (DESIGN §12, §16): of each list the newest `keep` versions stay, and any an export
   * row still points at, and the current, pending and held ones; a rejected one goes after
   * REJECTED_KEPT_DAYS whatever its place. The rest go, their objects (and their comparisons'
   * xlsx) listed for housekeeping's grace-period sweep (a job still reading one is safe). Returns
   * how many were removed.
   */
  prune(keep: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [gone] = (await tx.query(
        `DELETE FROM price_list_versions v
          USING (SELECT id, row_number() OVER (PARTITION BY price_list_id ORDER BY uploaded_at DESC, id DESC) AS n FROM price_list_versions) r
          WHERE v.id = r.id AND v.status IN ('old', 'rejected')
            AND (r.n > $1 OR (v.status = 'rejected' AND v.decided_at < now() - make_interval(days => $2)))
            AND NOT EXISTS (SELECT 1 FROM exports e WHERE e.price_version_id = v.id)
          RETURNING v.object_key, v.diff_object_key, v.snapshot_object_key`,
        [keep, REJECTED_KEPT_DAYS],
      )) as [{ object_key: string; diff_object_key: string | null; snapshot_object_key: string | null }[], number];
      for (const row of gone) {
        for (const key of [row.object_key, row.diff_object_key, row.snapshot_object_key]) if (key) await this.unowned.release(key, tx);
      }
      return gone.length;
    });
  }
}
