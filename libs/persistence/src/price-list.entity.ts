import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from './user.entity';

/** A supplier price list in the library (DESIGN §12); its files are its versions, the newest current. */
@Entity({ name: 'price_lists' })
export class PriceListEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Unique case-insensitively (a lower(name) index). */
  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Bumped by a rename and by each new version; a rename from an older page is refused (409). */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @ManyToOne(() => UserEntity)
  @JoinColumn({ name: 'created_by' })
  creator?: UserEntity | null;
}

/** One uploaded file of a price list; never changed but for `rows` filled in once, removed only by housekeeping's retention. */
@Entity({ name: 'price_list_versions' })
export class PriceListVersionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'price_list_id', type: 'uuid' })
  priceListId: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'bigint', transformer: { to: (v) => v, from: (v) => Number(v) } })
  size: number;

  @Column({ type: 'char', length: 64 })
  sha256: string;

  @Column({ type: 'varchar', length: 8 })
  format: 'xlsx' | 'csv';

  @Column({ name: 'object_key', type: 'text' })
  objectKey: string;

  @Column({ name: 'uploaded_at', type: 'timestamptz' })
  uploadedAt: Date;

  @Column({ name: 'uploaded_by', type: 'uuid', nullable: true })
  uploadedBy: string | null;

  /** Its data rows (DESIGN §12), written by a worker's count after the upload; null until then. */
  @Column({ type: 'integer', nullable: true })
  rows: number | null;

  @ManyToOne(() => UserEntity)
  @JoinColumn({ name: 'uploaded_by' })
  uploader?: UserEntity | null;
}
