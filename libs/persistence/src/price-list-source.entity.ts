import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

export type SourceKind = 'url' | 'mailbox';
export type SourceRunOutcome = 'new-version' | 'unchanged' | 'held' | 'failed';

/**
 * Where a price list arrives from by itself (DESIGN §16): an address or a mailbox, polled on its
 * schedule. `settings` holds every field but the secrets, which are kept encrypted in `secrets`
 * (SecretBox); what the last fetch of an address answered (ETag, Last-Modified) makes the next a
 * conditional request.
 */
@Entity({ name: 'price_list_sources' })
export class PriceListSourceEntity {
  @PrimaryColumn({ name: 'price_list_id', type: 'uuid' })
  priceListId: string;

  @Column({ type: 'varchar', length: 8 })
  kind: SourceKind;

  @Column({ type: 'jsonb' })
  settings: Record<string, unknown>;

  /** The encrypted JSON of `{password?, token?}`; null when it has none. */
  @Column({ type: 'text', nullable: true })
  secrets: string | null;

  @Column({ name: 'every_minutes', type: 'integer', nullable: true })
  everyMinutes: number | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  cron: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  timezone: string | null;

  @Column({ type: 'text', nullable: true })
  etag: string | null;

  @Column({ name: 'last_modified', type: 'text', nullable: true })
  lastModified: string | null;

  /** Polls failed in a row (followers are told at 3, DESIGN §17). */
  @Column({ type: 'integer', default: 0 })
  failures: number;

  /** A poll under way holds the source until then: one poll of a source at a time in the whole cluster. */
  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  /** The poll job holding the lease (its next attempt, after its worker died, takes it over). */
  @Column({ name: 'lease_job', type: 'text', nullable: true })
  leaseJob: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy: string | null;
}

/** One poll of a source: begun by its job (one row per job, whatever its attempts), ended with its outcome. */
@Entity({ name: 'price_list_source_runs' })
export class PriceListSourceRunEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'price_list_id', type: 'uuid' })
  priceListId: string;

  @Column({ name: 'job_id', type: 'text' })
  jobId: string;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @Column({ type: 'varchar', length: 12, nullable: true })
  outcome: SourceRunOutcome | null;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Column({ name: 'version_id', type: 'uuid', nullable: true })
  versionId: string | null;
}
