import { In, type DataSource, type EntityManager } from 'typeorm';
import { recordAudit, type Actor } from './audit-writer';
import { PriceListEntity, PriceListVersionEntity, type OnNewVersion } from './price-list.entity';
import { STALE_SQL } from './price-list-sql';
import { UnownedObjectsRepository } from './unowned-objects.repository';

/** A list as its page shows it: its newest version and how many tasks follow it (and are stale). */
export interface PriceListRow {
  list: PriceListEntity;
  current: PriceListVersionEntity | null;
  taskCount: number;
  staleCount: number;
  heldCount: number;
  hasSource: boolean;
}

/** A list's change (`PATCH /api/price-lists/{id}`): a rename and its own settings (DESIGN §16). */
export interface PriceListChange {
  name?: string;
  version?: number;
  onNewVersion?: OnNewVersion;
  deliver?: boolean;
  compare?: Record<string, unknown> | null;
  guard?: Record<string, unknown>;
}

type Settings = Pick<PriceListEntity, 'onNewVersion' | 'deliver' | 'compare' | 'guard'>;
const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** The settings the change makes differ from the stored ones, before and after; null when none. A guard left in part keeps the rest. */
function settingsChange(list: PriceListEntity, change: PriceListChange): { from: Partial<Settings>; to: Partial<Settings> } | null {
  const wanted: Partial<Settings> = {};
  if (change.onNewVersion !== undefined) wanted.onNewVersion = change.onNewVersion;
  if (change.deliver !== undefined) wanted.deliver = change.deliver;
  if (change.compare !== undefined) wanted.compare = change.compare;
  if (change.guard !== undefined) wanted.guard = { ...(list.guard ?? {}), ...change.guard };
  const from: Partial<Settings> = {};
  const to: Partial<Settings> = {};
  for (const key of Object.keys(wanted) as (keyof Settings)[]) {
    if (JSON.stringify(wanted[key]) === JSON.stringify(list[key])) continue;
    (from as Record<string, unknown>)[key] = list[key];
    (to as Record<string, unknown>)[key] = wanted[key];
  }
  return Object.keys(to).length ? { from, to } : null;
}

/** Why a write was refused; the caller turns it into the user's message. */
export type PriceListRefusal = 'taken' | 'changed';

/** The unique lower(name) index refused the write: another list has that name. */
const nameTaken = (error: unknown): boolean => {
  const e = error as { code?: string; constraint?: string; driverError?: { constraint?: string } };
  return e.code === '23505' && (e.constraint ?? e.driverError?.constraint) === 'price_lists_name_key';
};

/** The current version of each list named (DESIGN §12, §16: the one whose status says so, not always the newest). */
export async function currentVersions(manager: EntityManager, listIds: string[]): Promise<Map<string, PriceListVersionEntity>> {
  if (!listIds.length) return new Map();
  const rows = await manager.getRepository(PriceListVersionEntity).find({ where: { priceListId: In(listIds), status: 'current' }, relations: { uploader: true } });
  return new Map(rows.map((v) => [v.priceListId, v]));
}

/** The library of price lists (DESIGN §12): the lists themselves; their files are PriceListVersionsRepository's. */
export class PriceListsRepository {
  private readonly unowned: UnownedObjectsRepository;

  constructor(private readonly db: DataSource) {
    this.unowned = new UnownedObjectsRepository(db);
  }

  /** By name (case-insensitively). */
  async list(): Promise<PriceListRow[]> {
    const lists = await this.db.getRepository(PriceListEntity).createQueryBuilder('l').leftJoinAndSelect('l.creator', 'c').orderBy('lower(l.name)').addOrderBy('l.id').getMany();
    return this.rows(lists);
  }

  async find(id: string): Promise<PriceListRow | null> {
    const list = await this.db.getRepository(PriceListEntity).findOne({ where: { id }, relations: { creator: true } });
    return list ? (await this.rows([list]))[0] : null;
  }

  async create(actor: Actor, name: string): Promise<PriceListRow | PriceListRefusal> {
    try {
      const id = await this.db.transaction(async (tx) => {
        const repo = tx.getRepository(PriceListEntity);
        const list = await repo.save(repo.create({ name, createdBy: actor.id }));
        await recordAudit(tx, actor, 'price-list.create', { priceListId: list.id, name });
        return list.id;
      });
      return (await this.find(id))!;
    } catch (error) {
      if (nameTaken(error)) return 'taken';
      throw error;
    }
  }

  /**
   * A rename and the list's own settings (DESIGN §16), from the list's `version` (another stored
   * one: `changed`); what is left out, or the same as stored, changes nothing. Each kind of change
   * is its own audit event: a rename, the settings (before and after).
   */
  async update(actor: Actor, id: string, change: PriceListChange): Promise<PriceListRow | PriceListRefusal | null> {
    try {
      const found = await this.db.transaction(async (tx) => {
        const list = await tx.getRepository(PriceListEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!list) return null;
        if (change.version !== undefined && change.version !== list.version) return 'changed' as const;
        const renamed = change.name !== undefined && change.name !== list.name;
        const settings = settingsChange(list, change);
        if (!renamed && !settings) return list.id;
        const next = { name: renamed ? change.name! : list.name, onNewVersion: list.onNewVersion, deliver: list.deliver, compare: list.compare, guard: list.guard, ...settings?.to };
        await tx.query(`UPDATE price_lists SET name = $2, version = $3, on_new_version = $4, deliver = $5, compare = $6::jsonb, guard = $7::jsonb WHERE id = $1`, [
          id,
          next.name,
          list.version + 1,
          next.onNewVersion,
          next.deliver,
          json(next.compare),
          json(next.guard),
        ]);
        if (renamed) await recordAudit(tx, actor, 'price-list.rename', { priceListId: id, from: list.name, to: change.name });
        if (settings) await recordAudit(tx, actor, 'price-list.settings', { priceListId: id, list: next.name, from: settings.from, to: settings.to });
        return list.id;
      });
      return found === null || found === 'changed' ? found : this.find(found);
    } catch (error) {
      if (nameTaken(error)) return 'taken';
      throw error;
    }
  }

  /**
   * Refused while tasks follow the list (`inUse`: how many). Its versions go with it (cascade) and
   * their objects are listed for housekeeping, which removes them once no job can still be reading them.
   */
  delete(actor: Actor, id: string): Promise<{ inUse: number } | boolean> {
    return this.db.transaction(async (tx) => {
      // FOR UPDATE: a task cannot start following the list (its foreign key takes KEY SHARE) until we commit.
      const list = await tx.getRepository(PriceListEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!list) return false;
      const [{ n }] = (await tx.query(`SELECT count(*)::int AS n FROM tasks WHERE price_list_id = $1`, [id])) as { n: number }[];
      if (n > 0) return { inUse: n };
      const versions = await tx.getRepository(PriceListVersionEntity).find({ where: { priceListId: id }, select: { id: true, objectKey: true } });
      for (const v of versions) await this.unowned.release(v.objectKey, tx);
      await tx.query(`DELETE FROM price_lists WHERE id = $1`, [id]);
      await recordAudit(tx, actor, 'price-list.delete', { priceListId: id, name: list.name, versions: versions.length });
      return true;
    });
  }

  /** The tasks that follow a list, oldest first (a batch's rows in the order they were made). */
  async followingTaskIds(listId: string): Promise<string[]> {
    const rows = (await this.db.query(`SELECT id FROM tasks WHERE price_list_id = $1 ORDER BY created_at, id`, [listId])) as { id: string }[];
    return rows.map((r) => r.id);
  }

  private async rows(lists: PriceListEntity[]): Promise<PriceListRow[]> {
    const ids = lists.map((l) => l.id);
    const current = await currentVersions(this.db.manager, ids);
    const counts = ids.length
      ? ((await this.db.query(
          `SELECT t.price_list_id AS id, count(*)::int AS tasks, (count(*) FILTER (WHERE ${STALE_SQL('t')}))::int AS stale
             FROM tasks t WHERE t.price_list_id = ANY($1) GROUP BY t.price_list_id`,
          [ids],
        )) as { id: string; tasks: number; stale: number }[])
      : [];
    const countOf = new Map(counts.map((c) => [c.id, c]));
    const extras = ids.length
      ? ((await this.db.query(
          `SELECT l.id, (SELECT count(*)::int FROM price_list_versions v WHERE v.price_list_id = l.id AND v.status = 'held') AS held,
                  EXISTS (SELECT 1 FROM price_list_sources s WHERE s.price_list_id = l.id) AS "hasSource"
             FROM price_lists l WHERE l.id = ANY($1)`,
          [ids],
        )) as { id: string; held: number; hasSource: boolean }[])
      : [];
    const extraOf = new Map(extras.map((e) => [e.id, e]));
    return lists.map((list) => ({
      list,
      current: current.get(list.id) ?? null,
      taskCount: countOf.get(list.id)?.tasks ?? 0,
      staleCount: countOf.get(list.id)?.stale ?? 0,
      heldCount: extraOf.get(list.id)?.held ?? 0,
      hasSource: extraOf.get(list.id)?.hasSource ?? false,
    }));
  }
}
