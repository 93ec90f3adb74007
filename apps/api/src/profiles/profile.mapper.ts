import type { RuleProfileEntity } from '@app/persistence';
import type { RuleProfile } from '@app/contracts/profile.contract';

/** The API shape of a rule profile. */
export function toProfile(row: RuleProfileEntity): RuleProfile {
  return {
    id: row.id,
    name: row.name,
    isDefault: row.isDefault,
    version: row.version,
    manualMapping: row.manualMapping,
    priceToTemplate: row.priceToTemplate,
    priceKeys: row.priceKeys,
    headers: row.headers,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
