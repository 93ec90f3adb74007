import type { DataSource, EntityManager } from 'typeorm';
import type { Mapping } from '@app/contracts';
import { GlobalRulesEntity } from './global-rules.entity';

const toMapping = (row: GlobalRulesEntity): Mapping => ({
  manualMapping: row.manualMapping,
  priceToTemplate: row.priceToTemplate,
  priceKeys: row.priceKeys,
});

/** The global column-transfer rules: one row, which new tasks copy. */
export class RulesRepository {
  constructor(private readonly db: DataSource) {}

  async get(manager: EntityManager = this.db.manager): Promise<Mapping> {
    return toMapping(await manager.getRepository(GlobalRulesEntity).findOneByOrFail({ id: GlobalRulesEntity.ID }));
  }

  /** Saves the parts given (a part left out keeps its value), under a row lock. */
  put(rules: Partial<Mapping>): Promise<Mapping> {
    return this.db.transaction(async (tx) => {
      const repo = tx.getRepository(GlobalRulesEntity);
      const current = await repo.findOneOrFail({ where: { id: GlobalRulesEntity.ID }, lock: { mode: 'pessimistic_write' } });
      const given = Object.fromEntries(Object.entries(rules).filter(([, v]) => v !== undefined));
      return toMapping(await repo.save({ ...current, ...given }));
    });
  }
}
