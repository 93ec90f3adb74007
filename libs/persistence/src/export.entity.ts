import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ExportChanges, ExportDigest, ExportReport, ExportStatus } from '@app/contracts';
import { TaskEntity } from './task.entity';
import { UserEntity } from './user.entity';
import { PriceListVersionEntity } from './price-list.entity';

@Entity({ name: 'exports' })
@Index('exports_task_created_idx', ['taskId', 'createdAt'])
export class ExportEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'task_id', type: 'uuid' })
  taskId: string;

  @ManyToOne(() => TaskEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'task_id' })
  task?: TaskEntity;

  @Column({ type: 'varchar', length: 16 })
  status: ExportStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @Column({ name: 'object_key', type: 'text', nullable: true })
  objectKey: string | null;

  @Column({ type: 'bigint', nullable: true, transformer: { to: (v) => v, from: (v) => (v === null ? null : Number(v)) } })
  size: number | null;

  @Column({ type: 'jsonb', nullable: true })
  report: ExportReport | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** Milliseconds per stage as measured by the worker (download, engine, upload). */
  @Column({ type: 'jsonb', nullable: true })
  timings: Record<string, number> | null;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  /**
   * What the export wrote, per item (DESIGN §11); hundreds of kilobytes for a big task, so never
   * loaded with the row: ExportsRepository.newestDigest reads it when a comparison needs it.
   */
  @Column({ type: 'jsonb', nullable: true, select: false })
  digest?: ExportDigest | null;

  /** Against the export before it; null for the first one (or one made before digests were kept). */
  @Column({ type: 'jsonb', nullable: true })
  changes: ExportChanges | null;

  /** Who asked for it (DESIGN §13); null for exports made before users existed. */
  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @ManyToOne(() => UserEntity)
  @JoinColumn({ name: 'created_by' })
  creator?: UserEntity | null;

  @Column({ name: 'job_id', type: 'text', nullable: true })
  jobId: string | null;

  /** The library version the export read (DESIGN §12); null when the task used its own file. */
  @Column({ name: 'price_version_id', type: 'uuid', nullable: true })
  priceVersionId: string | null;

  @ManyToOne(() => PriceListVersionEntity)
  @JoinColumn({ name: 'price_version_id' })
  priceVersion?: PriceListVersionEntity | null;

  @Column({ name: 'batch_id', type: 'uuid', nullable: true })
  batchId: string | null;
}
