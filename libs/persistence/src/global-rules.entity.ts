import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { ManualMapping, PriceKeys, PriceToTemplate } from '@app/contracts';

/** The single row of global column-transfer rules (id is always 1). */
@Entity({ name: 'global_rules' })
export class GlobalRulesEntity {
  static readonly ID = 1;

  @PrimaryColumn({ type: 'int' })
  id: number;

  @Column({ name: 'manual_mapping', type: 'jsonb' })
  manualMapping: ManualMapping;

  @Column({ name: 'price_to_template', type: 'jsonb' })
  priceToTemplate: PriceToTemplate;

  @Column({ name: 'price_keys', type: 'jsonb' })
  priceKeys: PriceKeys;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
