import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { BatchAction, BatchRowStatus } from '@app/contracts';
import { UserEntity } from './user.entity';

/** One action over many tasks (DESIGN §12); running until every row has ended. */
@Entity({ name: 'batches' })
export class BatchEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 16 })
  action: BatchAction;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @ManyToOne(() => UserEntity)
  @JoinColumn({ name: 'created_by' })
  creator?: UserEntity | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  /** DESIGN §17: each file is sent to its task's recipients as it is made. */
  @Column({ type: 'boolean', default: false })
  deliver: boolean;

  /** Why it started when no user started it: `new-version` (a price list's run by itself, DESIGN §16); null for a user's. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  reason: BatchReason | null;

  /** The price list whose new version started it (with `reason`). */
  @Column({ name: 'price_list_id', type: 'uuid', nullable: true })
  priceListId: string | null;

  /** When the notice of its end was written (DESIGN §17); null until then. */
  @Column({ name: 'noticed_at', type: 'timestamptz', nullable: true })
  noticedAt: Date | null;
  /** A batch a list started by itself (DESIGN §16): the version that became current; null for a person's batch. */
  @Column({ name: 'price_version_id', type: 'uuid', nullable: true })
  priceVersionId: string | null;
}

/** A batch no user started: a price list's run by itself on a new version (DESIGN §16). */
export type BatchReason = 'new-version';

/** What a finished row keeps of its export or check, for the batch page and Итоги.xlsx. */
export interface BatchRowResult {
  rows: number;
  matched: number;
  unmatched: number;
  warnings: number;
  changes?: { added: number; removed: number; changed: number; lost: number };
}

/**
 * A batch's task. A generate row's progress is its export row's status (export_id); a check row
 * keeps its own status and result. task_id becomes null when the task is deleted.
 */
@Entity({ name: 'batch_rows' })
export class BatchRowEntity {
  @PrimaryColumn({ name: 'batch_id', type: 'uuid' })
  batchId: string;

  @PrimaryColumn({ type: 'integer' })
  position: number;

  @Column({ name: 'task_id', type: 'uuid', nullable: true })
  taskId: string | null;

  @Column({ name: 'task_name', type: 'varchar', length: 200 })
  taskName: string;

  @Column({ name: 'export_id', type: 'uuid', nullable: true })
  exportId: string | null;

  @Column({ type: 'varchar', length: 16, default: 'queued' })
  status: BatchRowStatus;

  @Column({ type: 'jsonb', nullable: true })
  result: BatchRowResult | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  /** A check row's attempts (an export row counts its own). */
  @Column({ type: 'integer', default: 0 })
  attempts: number;
}
