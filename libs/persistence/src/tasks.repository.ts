import { isDeepStrictEqual } from 'node:util';
import type { DataSource, EntityManager } from 'typeorm';
import { itemsDiff, repointHeaders, repointMapping, type ColumnMoves, type FileKind, type Item } from '@app/contracts';
import { recordAudit, type Actor } from './audit-writer';
import { TaskEntity, type StoredFile, type StoredFiles } from './task.entity';
import { ProfilesRepository, toMapping } from './profiles.repository';
import { RuleProfileEntity } from './rule-profile.entity';
import { UnownedObjectsRepository } from './unowned-objects.repository';
import { auditFollow, priceListFor } from './price-list-follow';

/** A task without its items and rules, as a list shows it. */
export interface TaskSummaryRow {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  files: StoredFiles;
  itemCount: number;
  profileId: string;
  priceListId: string | null;
  stale: boolean;
}

import { CURRENT_PRICE_FILE_SQL, STALE_SQL } from './price-list-sql';

export { STALE_SQL };

/** The profile a body named is gone (or never was). */
export const NO_PROFILE = 'no-profile';
/** The price list a body named is gone (or never was). */
export const NO_PRICE_LIST = 'no-price-list';

export interface TaskChanges {
  /** A new name (trimmed, checked by the caller). */
  name?: string;
  items?: Item[];
  syncMapping?: boolean;
  /** null: the default profile. */
  profileId?: string | null;
  /** The library price list to follow (DESIGN §12); null: the task's own file. */
  priceListId?: string | null;
  version?: number;
}

/** Rolls back a swap whose new object the sweep already removed. */
class SweptUpload extends Error {}

/** Tasks: their items, their two files and their copy of the rules. */
export class TasksRepository {
  private readonly profiles: ProfilesRepository;
  private readonly unowned: UnownedObjectsRepository;

  constructor(private readonly db: DataSource) {
    this.profiles = new ProfilesRepository(db);
    this.unowned = new UnownedObjectsRepository(db);
  }

  list(): Promise<TaskEntity[]> {
    return this.db.getRepository(TaskEntity).find({ order: { createdAt: 'DESC', id: 'ASC' } });
  }

  /**
   * Newest first, like list(), but the items are only counted in SQL: loading them made the list
   * of 1,216 tasks 21.7 MB.
   */
  summaries(): Promise<TaskSummaryRow[]> {
    return this.db
      .getRepository(TaskEntity)
      .createQueryBuilder('t')
      .select('t.id', 'id')
      .addSelect('t.name', 'name')
      .addSelect('t.createdAt', 'createdAt')
      .addSelect('t.updatedAt', 'updatedAt')
      .addSelect(CURRENT_PRICE_FILE_SQL('t'), 'files')
      .addSelect('t.item_count', 'itemCount')
      .addSelect('t.profileId', 'profileId')
      .addSelect('t.price_list_id', 'priceListId')
      .addSelect(STALE_SQL('t'), 'stale')
      .orderBy('t.createdAt', 'DESC')
      .addOrderBy('t.id', 'ASC')
      .getRawMany<TaskSummaryRow>();
  }

  find(id: string): Promise<TaskEntity | null> {
    return this.db.getRepository(TaskEntity).findOneBy({ id });
  }

  /** A new task starts with a copy of its profile's rules (the default's unless one is named) as they are now. */
  create(actor: Actor, name: string, profileId?: string): Promise<TaskEntity | typeof NO_PROFILE> {
    return this.withProfile(async (tx) => {
      const profile = await this.profileFor(tx, profileId ?? null);
      if (!profile) return NO_PROFILE;
      const repo = tx.getRepository(TaskEntity);
      const files = { price: null, template: null };
      const task = await repo.save(repo.create({ name, items: [], files, mapping: toMapping(profile), profileId: profile.id }));
      await recordAudit(tx, actor, 'task.create', { name, profile: profile.name }, task.id);
      return task;
    });
  }

  /**
   * Items, the profile and a fresh copy of the (new) profile's rules in one transaction under a
   * row lock, bumping the version; null when the task is gone, `stale` when `version` is given and
   * is not the stored one (the save was made from an older copy). `mappingSynced` is true exactly
   * when the copy changed. A profile named is locked (KEY SHARE) before the task, the order its
   * deletion takes too, so the two never deadlock.
   */
  patch(actor: Actor, id: string, changes: TaskChanges): Promise<{ task: TaskEntity; mappingSynced: boolean } | 'stale' | typeof NO_PROFILE | typeof NO_PRICE_LIST | null> {
    return this.withProfile(async (tx) => {
      const profile = changes.profileId === undefined ? undefined : await this.profileFor(tx, changes.profileId);
      if (profile === null) return NO_PROFILE;
      const list = changes.priceListId ? await priceListFor(tx, changes.priceListId) : undefined;
      if (list === null) return NO_PRICE_LIST;
      const task = await tx.getRepository(TaskEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!task) return null;
      if (changes.version !== undefined && changes.version !== task.version) return 'stale' as const;
      const before = { name: task.name, items: task.items, profileId: task.profileId, mapping: task.mapping };
      let mappingSynced = false;
      if (changes.name !== undefined) task.name = changes.name;
      if (changes.items !== undefined) task.items = changes.items;
      if (profile) task.profileId = profile.id;
      const listBefore = task.priceListId;
      if (changes.priceListId !== undefined) task.priceListId = changes.priceListId;
      let syncedFrom: RuleProfileEntity | undefined;
      if (changes.syncMapping) {
        syncedFrom = profile ?? (await this.profiles.find(task.profileId, tx))!;
        const rules = toMapping(syncedFrom);
        mappingSynced = !isDeepStrictEqual(task.mapping, rules);
        task.mapping = rules;
      }
      task.version += 1;
      const saved = await tx.save(task);
      await this.auditPatch(tx, actor, before, saved, syncedFrom, mappingSynced);
      if (listBefore !== saved.priceListId) await auditFollow(tx, actor, saved.id, listBefore, saved.priceListId);
      return { task: saved, mappingSynced };
    });
  }

  /** One event per kind of change the save made (rename, items, profile or rules); none for a save that changed nothing. */
  private async auditPatch(
    tx: EntityManager,
    actor: Actor,
    before: Pick<TaskEntity, 'name' | 'items' | 'profileId' | 'mapping'>,
    task: TaskEntity,
    syncedFrom: RuleProfileEntity | undefined,
    mappingSynced: boolean,
  ): Promise<void> {
    if (before.name !== task.name) await recordAudit(tx, actor, 'task.rename', { from: before.name, to: task.name }, task.id);
    const diff = itemsDiff(before.items, task.items);
    if (diff.added || diff.removed || diff.changed) await recordAudit(tx, actor, 'task.items', { ...diff, count: task.items.length }, task.id);
    if (before.profileId !== task.profileId || mappingSynced) {
      const names = await tx.query<{ id: string; name: string }[]>('SELECT id, name FROM rule_profiles WHERE id = ANY($1)', [[before.profileId, task.profileId]]);
      const nameOf = (pid: string) => names.find((n) => n.id === pid)?.name ?? null;
      const details: Record<string, unknown> = { profile: nameOf(task.profileId) };
      if (before.profileId !== task.profileId) details.from = nameOf(before.profileId);
      if (mappingSynced && syncedFrom) details.rules = { from: before.mapping, to: task.mapping };
      await recordAudit(tx, actor, 'task.profile', details, task.id);
    }
  }

  /**
   * Puts a stored upload (listed as `writing` before it was put) in the task and lists the file
   * it replaces as `replaced`, in one transaction with its audit event: the old object is removed
   * by housekeeping once no job can still be reading it, never here. `swept`: the new object was
   * removed as unowned meanwhile (the upload took longer than the grace period); nothing changed.
   */
  async setFile(actor: Actor, id: string, kind: FileKind, file: StoredFile, sha256: string): Promise<{ task: TaskEntity; previous: StoredFile | null } | 'swept' | null> {
    try {
      return await this.locked(id, async (task, tx) => {
        if (!(await this.unowned.claim(file.key, tx))) throw new SweptUpload();
        const previous = task.files[kind];
        if (previous) await this.unowned.release(previous.key, tx);
        task.files = { ...task.files, [kind]: { ...file, sha256 } };
        const saved = await tx.save(task);
        await recordAudit(tx, actor, 'task.upload', { kind, name: file.name, size: file.size, sha256 }, id);
        return { task: saved, previous };
      });
    } catch (error) {
      if (error instanceof SweptUpload) return 'swept';
      throw error;
    }
  }

  /**
   * `Исправить` (DESIGN §10): the file's moved columns re-pointed in the task's profile (its rules
   * and remembered headers, raising the profile's version) and in the task's own copy, in one
   * transaction. The profile is locked before the task, the order its deletion takes. Like an
   * upload, it leaves the task's version alone: it changes no item, so an open editor's save
   * stays valid.
   */
  repoint(actor: Actor, id: string, fix: ColumnMoves): Promise<TaskEntity | null> {
    return this.db.transaction(async (tx) => {
      const before = await tx.getRepository(TaskEntity).findOneBy({ id });
      if (!before) return null;
      const profile = await tx.getRepository(RuleProfileEntity).findOne({ where: { id: before.profileId }, lock: { mode: 'pessimistic_write' } });
      const task = await tx.getRepository(TaskEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!task) return null;
      const details: Record<string, unknown> = { fix: 'header-moved', file: fix.file, moves: Object.fromEntries(fix.moves) };
      if (profile && profile.id === task.profileId) {
        const rulesBefore = toMapping(profile);
        // A rules page opened before this fix must not save over it: the profile's version rises.
        await tx.save(Object.assign(profile, repointMapping(rulesBefore, fix), { headers: repointHeaders(profile.headers, fix), version: profile.version + 1 }));
        Object.assign(details, { profile: profile.name, from: rulesBefore, to: toMapping(profile) });
      }
      const taskRulesBefore = task.mapping;
      task.mapping = repointMapping(task.mapping, fix);
      details.task = { from: taskRulesBefore, to: task.mapping };
      const saved = await tx.save(task);
      await recordAudit(tx, actor, profile?.isDefault ? 'rules.update' : 'profile.update', details, id);
      return saved;
    });
  }

  /** False when there was no such task. Its exports go with it (cascade). */
  delete(actor: Actor, id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [rows] = (await tx.query('DELETE FROM tasks WHERE id = $1 RETURNING name', [id])) as [{ name: string }[], number];
      if (!rows.length) return false;
      await recordAudit(tx, actor, 'task.delete', { name: rows[0].name }, id);
      return true;
    });
  }

  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  /** The named profile under a KEY SHARE lock (it cannot be deleted until we commit), or the default. */
  private async profileFor(tx: EntityManager, profileId: string | null): Promise<RuleProfileEntity | null> {
    if (profileId === null) return this.profiles.findDefault(tx);
    return tx.getRepository(RuleProfileEntity).findOne({ where: { id: profileId }, lock: { mode: 'for_key_share' } });
  }

  /** A transaction in which a profile deleted under our feet (foreign_key_violation) reads as NO_PROFILE. */
  private async withProfile<T>(work: (tx: EntityManager) => Promise<T>): Promise<T | typeof NO_PROFILE> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      if ((error as { code?: string }).code === '23503') return NO_PROFILE;
      throw error;
    }
  }

  private locked<T>(id: string, change: (task: TaskEntity, tx: EntityManager) => Promise<T>): Promise<T | null> {
    return this.db.transaction(async (tx) => {
      const task = await tx.getRepository(TaskEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      return task ? change(task, tx) : null;
    });
  }
}
