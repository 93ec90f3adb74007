import type { DataSource, EntityManager } from 'typeorm';
import type { Mapping } from '@app/contracts';
import { ProfilesRepository, toMapping } from './profiles.repository';
import { RuleProfileEntity } from './rule-profile.entity';
import type { Actor } from './audit-writer';

/**
 * The global column-transfer rules of the spec: since rule profiles (DESIGN §10) they are the
 * default profile's rules, so `/api/mappings/global` keeps its meaning for every existing client.
 */
export class RulesRepository {
  private readonly profiles: ProfilesRepository;

  constructor(private readonly db: DataSource) {
    this.profiles = new ProfilesRepository(db);
  }

  async get(manager: EntityManager = this.db.manager): Promise<Mapping> {
    return toMapping(await this.profiles.findDefault(manager));
  }

  /** Saves the parts given (a part left out keeps its value), under a row lock. */
  async put(actor: Actor, rules: Partial<Mapping>): Promise<Mapping> {
    const { manualMapping, priceToTemplate, priceKeys } = rules;
    const saved = await this.profiles.update(actor, 'default', { manualMapping, priceToTemplate, priceKeys });
    // The default row always exists (the migration makes it and it cannot be deleted).
    return toMapping(saved as RuleProfileEntity);
  }
}
