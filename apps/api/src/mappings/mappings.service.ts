import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Mapping } from '@app/contracts';
import { GlobalRulesEntity } from '@app/persistence';

@Injectable()
export class MappingsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async get(manager: EntityManager = this.db.manager): Promise<Mapping> {
    const row = await manager.getRepository(GlobalRulesEntity).findOneByOrFail({ id: GlobalRulesEntity.ID });
    return { manualMapping: row.manualMapping, priceToTemplate: row.priceToTemplate, priceKeys: row.priceKeys };
  }

  async put(rules: Partial<Mapping>): Promise<Mapping> {
    return this.db.transaction(async (tx) => {
      const repo = tx.getRepository(GlobalRulesEntity);
      const current = await repo.findOneOrFail({ where: { id: GlobalRulesEntity.ID }, lock: { mode: 'pessimistic_write' } });
      await repo.save({ ...current, ...stripUndefined(rules) });
      return this.get(tx);
    });
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
