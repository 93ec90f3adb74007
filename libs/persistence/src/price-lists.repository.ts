import { In, type DataSource, type EntityManager } from 'typeorm';
import { recordAudit, type Actor } from './audit-writer';
import { PriceListEntity, PriceListVersionEntity } from './price-list.entity';
import { STALE_SQL } from './price-list-sql';
import { UnownedObjectsRepository } from './unowned-objects.repository';

/** A list as its page shows it: its newest version and how many tasks follow it (and are stale). */
export interface PriceListRow {
  list: PriceListEntity;
  current: PriceListVersionEntity | null;
  taskCount: number;
  staleCount: number;
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

  /** A rename from the list's `version` (another stored one: `changed`); the same name changes nothing. */
  async rename(actor: Actor, id: string, change: { name?: string; version?: number }): Promise<PriceListRow | PriceListRefusal | null> {
    try {
      const found = await this.db.transaction(async (tx) => {
        const list = await tx.getRepository(PriceListEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!list) return null;
        if (change.version !== undefined && change.version !== list.version) return 'changed' as const;
        if (change.name === undefined || change.name === list.name) return list.id;
        const from = list.name;
        await tx.getRepository(PriceListEntity).update({ id }, { name: change.name, version: list.version + 1 });
        await recordAudit(tx, actor, 'price-list.rename', { priceListId: id, from, to: change.name });
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
    return lists.map((list) => ({ list, current: current.get(list.id) ?? null, taskCount: countOf.get(list.id)?.tasks ?? 0, staleCount: countOf.get(list.id)?.stale ?? 0 }));
  }
}
