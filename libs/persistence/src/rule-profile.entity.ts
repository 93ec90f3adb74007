import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ManualMapping, PriceKeys, PriceToTemplate } from '@app/contracts';
import type { ProfileHeaders } from '@app/contracts/profile.contract';

/**
 * A named set of column-transfer rules (DESIGN §10). Exactly one row is the default, `Общие
 * правила`: the spec's global rules (a partial unique index keeps it to one).
 */
@Entity({ name: 'rule_profiles' })
export class RuleProfileEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ name: 'manual_mapping', type: 'jsonb' })
  manualMapping: ManualMapping;

  @Column({ name: 'price_to_template', type: 'jsonb' })
  priceToTemplate: PriceToTemplate;

  @Column({ name: 'price_keys', type: 'jsonb' })
  priceKeys: PriceKeys;

  @Column({ type: 'jsonb', default: () => `'{"template":{},"price":{}}'::jsonb` })
  headers: ProfileHeaders;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  /**
   * Raised by every change of the rules or the remembered headers, not by a rename (as a task's
   * by saves, not uploads). A plain column: @VersionColumn would count every write.
   */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
