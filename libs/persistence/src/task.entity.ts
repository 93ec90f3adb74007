import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Item, Mapping, StoredFileInfo } from '@app/contracts';

/** A stored upload: what the API shows, plus the object key that only the server knows. */
export interface StoredFile extends StoredFileInfo {
  key: string;
  /** The content's sha256 (uploads since batches): tasks on the same bytes share one price read (DESIGN §12). */
  sha256?: string;
}

export interface StoredFiles {
  price: StoredFile | null;
  template: StoredFile | null;
}

@Entity({ name: 'tasks' })
export class TaskEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** One jsonb column so that saving the items is a single atomic write. */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  items: Item[];

  @Column({ type: 'jsonb', default: () => `'{"price":null,"template":null}'::jsonb` })
  files: StoredFiles;

  @Column({ type: 'jsonb' })
  mapping: Mapping;

  /** The rule profile syncMapping copies; never null (the default profile when none was chosen). */
  @Column({ name: 'profile_id', type: 'uuid' })
  profileId: string;

  /** The library price list the task follows (DESIGN §12); null: its own file in `files.price`. */
  @Column({ name: 'price_list_id', type: 'uuid', nullable: true })
  priceListId: string | null;

  /**
   * Bumped by each save of the items (not by uploads: they never overwrite what a save writes).
   * A plain column, not @VersionColumn, which TypeORM would bump on every write.
   */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
