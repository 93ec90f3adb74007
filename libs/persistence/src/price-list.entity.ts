import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from './user.entity';

/** What a list does when a version becomes current (DESIGN §16 "Run by itself"). */
export type OnNewVersion = 'none' | 'check' | 'generate';
/** A version's place in its list (DESIGN §16): one `current`; `pending` until compared with it. */
export type VersionStatus = 'pending' | 'current' | 'held' | 'rejected' | 'old';
export type VersionOrigin = 'upload' | 'url' | 'mailbox';

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

  @Column({ name: 'on_new_version', type: 'varchar', length: 10, default: 'none' })
  onNewVersion: OnNewVersion;

  /** The batches it starts by itself send each export to its task's recipients (DESIGN §17). */
  @Column({ type: 'boolean', default: false })
  deliver: boolean;

  /** The columns versions are compared by (null: what its tasks' rules use); the contract's CompareSettings. */
  @Column({ type: 'jsonb', nullable: true })
  compare: Record<string, unknown> | null;

  /** The guard's thresholds (null: the defaults); the contract's GuardThresholds. */
  @Column({ type: 'jsonb', nullable: true })
  guard: Record<string, unknown> | null;
}

/**
 * One file of a price list, uploaded by hand, fetched or mailed (DESIGN §12, §16). Its file never
 * changes; its `rows` are filled in once, its comparison once, and its status moves as
 * VERSION_TRANSITIONS allow. Removed only by housekeeping's retention.
 */
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

  @Column({ type: 'varchar', length: 10, default: 'old' })
  status: VersionStatus;

  @Column({ type: 'varchar', length: 8, default: 'upload' })
  origin: VersionOrigin;

  /** Why the guard held it (the contract's HoldReason[]); null when it was not held. */
  @Column({ name: 'hold_reasons', type: 'jsonb', nullable: true })
  holdReasons: { code: string; message: string }[] | null;

  /** Its comparison with the version that was current (the contract's PriceListDiff, lists cut); null for a list's first version. */
  @Column({ type: 'jsonb', nullable: true })
  diff: Record<string, unknown> | null;

  /** Every change of the comparison, as an xlsx (`…/diff.xlsx`). */
  @Column({ name: 'diff_object_key', type: 'text', nullable: true })
  diffObjectKey: string | null;

  /**
   * Its compared columns' table as the engine keeps it (diffPriceVersions' snapshot): the next
   * version is compared with it instead of reading this file again (DESIGN §16 speed).
   */
  @Column({ name: 'snapshot_object_key', type: 'text', nullable: true })
  snapshotObjectKey: string | null;

  /** The version it was compared with. */
  @Column({ name: 'compared_with', type: 'uuid', nullable: true })
  comparedWith: string | null;

  /** When and by whom a held version was accepted or rejected. */
  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;

  @Column({ name: 'decided_by', type: 'uuid', nullable: true })
  decidedBy: string | null;

  @ManyToOne(() => UserEntity)
  @JoinColumn({ name: 'decided_by' })
  decider?: UserEntity | null;
}
