import { isDeepStrictEqual } from 'node:util';
import type { DataSource, EntityManager } from 'typeorm';
import type { Mapping } from '@app/contracts';
import { EMPTY_PROFILE_HEADERS, type ProfileHeaders } from '@app/contracts/profile.contract';
import { RuleProfileEntity } from './rule-profile.entity';
import { TaskEntity } from './task.entity';
import { recordAudit, type Actor } from './audit-writer';

/**
 * What a PUT may change; a part left out keeps its value. `version`: the version the change was
 * made from; a write from an older one is refused (`stale`). Without it the write always applies.
 */
export type ProfileChange = Partial<Mapping> & { name?: string; headers?: Partial<ProfileHeaders>; version?: number };

/** Why a write was refused; the caller turns it into the user's message. */
export type ProfileRefusal = 'taken' | 'default' | 'no-source' | 'stale';

/** The parts of a profile whose change raises its version (its name is not one). */
const VERSIONED: (keyof ProfileChange)[] = ['manualMapping', 'priceToTemplate', 'priceKeys', 'headers'];

const NO_RULES: Mapping = {
  manualMapping: { ma: 0, gm: 0, name: 0, minQty: 0, step: 0 },
  priceToTemplate: {},
  priceKeys: { ma: 0, gm: 0 },
};

export const toMapping = (row: RuleProfileEntity): Mapping => ({
  manualMapping: row.manualMapping,
  priceToTemplate: row.priceToTemplate,
  priceKeys: row.priceKeys,
});

/** The unique name index refused the write: another profile has that name. */
const nameTaken = (error: unknown): boolean => {
  const e = error as { code?: string; constraint?: string; driverError?: { constraint?: string } };
  return e.code === '23505' && (e.constraint ?? e.driverError?.constraint) === 'rule_profiles_name_key';
};

/** Rule profiles; the default one is also the global rules (RulesRepository). */
export class ProfilesRepository {
  constructor(private readonly db: DataSource) {}

  /** The default first, then by name. */
  list(): Promise<RuleProfileEntity[]> {
    return this.db.getRepository(RuleProfileEntity).find({ order: { isDefault: 'DESC', name: 'ASC' } });
  }

  find(id: string, manager: EntityManager = this.db.manager): Promise<RuleProfileEntity | null> {
    return manager.getRepository(RuleProfileEntity).findOneBy({ id });
  }

  findDefault(manager: EntityManager = this.db.manager): Promise<RuleProfileEntity> {
    return manager.getRepository(RuleProfileEntity).findOneByOrFail({ isDefault: true });
  }

  /** With `copyFrom`, its rules and headers; without, no rules at all. */
  async create(actor: Actor, name: string, copyFrom?: string): Promise<RuleProfileEntity | ProfileRefusal> {
    const source = copyFrom === undefined ? undefined : await this.find(copyFrom);
    if (source === null) return 'no-source';
    const rules = source ? toMapping(source) : NO_RULES;
    const headers = source ? source.headers : EMPTY_PROFILE_HEADERS;
    try {
      return await this.db.transaction(async (tx) => {
        const repo = tx.getRepository(RuleProfileEntity);
        const saved = await repo.save(repo.create({ name, ...rules, headers, isDefault: false }));
        await recordAudit(tx, actor, 'profile.create', { profileId: saved.id, name, copyFrom: source?.name ?? null, rules });
        return saved;
      });
    } catch (error) {
      if (nameTaken(error)) return 'taken';
      throw error;
    }
  }

  /**
   * Under a row lock; the default keeps its name (it *is* `Общие правила`). A change of the rules
   * or headers raises the version.
   */
  async update(actor: Actor, id: string | 'default', change: ProfileChange): Promise<RuleProfileEntity | ProfileRefusal | null> {
    try {
      return await this.db.transaction(async (tx) => {
        const repo = tx.getRepository(RuleProfileEntity);
        const where = id === 'default' ? { isDefault: true } : { id };
        const current = await repo.findOne({ where, lock: { mode: 'pessimistic_write' } });
        if (!current) return null;
        const { headers, version, ...rest } = change;
        if (version !== undefined && version !== current.version) return 'stale' as const;
        if (current.isDefault && change.name !== undefined && change.name !== current.name) return 'default' as const;
        const given = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
        const merged = { ...current.headers, ...Object.fromEntries(Object.entries(headers ?? {}).filter(([, v]) => v !== undefined)) };
        const before = { name: current.name, ...toMapping(current), headers: current.headers };
        const raised = VERSIONED.some((part) => change[part] !== undefined) ? current.version + 1 : current.version;
        const saved = await repo.save({ ...current, ...given, headers: merged, version: raised });
        const after = { name: saved.name, ...toMapping(saved), headers: saved.headers };
        await this.auditChange(tx, actor, saved, before, after);
        return saved;
      });
    } catch (error) {
      if (nameTaken(error)) return 'taken';
      throw error;
    }
  }

  /**
   * Moves the profile's tasks to the default and removes it, in one transaction. The profile row is
   * locked first, as a PATCH choosing it locks it (KEY SHARE) before its task: one lock order, no
   * deadlock, and a task cannot be pointed at it meanwhile. Tasks keep their version: their items
   * and their copy of the rules do not change.
   */
  /** The parts that changed, before and after; a save that changed nothing is no event. */
  private async auditChange(tx: EntityManager, actor: Actor, profile: RuleProfileEntity, before: Record<string, unknown>, after: Record<string, unknown>): Promise<void> {
    const changed = Object.keys(after).filter((key) => !isDeepStrictEqual(before[key], after[key]));
    if (!changed.length) return;
    const pick = (side: Record<string, unknown>) => Object.fromEntries(changed.map((key) => [key, side[key]]));
    const action = profile.isDefault ? 'rules.update' : 'profile.update';
    await recordAudit(tx, actor, action, { profileId: profile.id, name: profile.name, from: pick(before), to: pick(after) });
  }

  delete(actor: Actor, id: string): Promise<{ moved: number } | 'default' | null> {
    return this.db.transaction(async (tx) => {
      const profile = await tx.getRepository(RuleProfileEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!profile) return null;
      if (profile.isDefault) return 'default' as const;
      const fallback = await this.findDefault(tx);
      const moved = await tx
        .createQueryBuilder()
        .update(TaskEntity)
        .set({ profileId: fallback.id, updatedAt: () => 'updated_at' })
        .where('profile_id = :id', { id })
        .execute();
      await tx.getRepository(RuleProfileEntity).delete({ id });
      await recordAudit(tx, actor, 'profile.delete', { profileId: id, name: profile.name, movedTasks: moved.affected ?? 0 });
      return { moved: moved.affected ?? 0 };
    });
  }
}
