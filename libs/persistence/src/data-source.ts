import { DataSource, type DataSourceOptions } from 'typeorm';
import { Client, type ClientConfig } from 'pg';
import { TaskEntity } from './task.entity';
import { RuleProfileEntity } from './rule-profile.entity';
import { ExportEntity } from './export.entity';
import { InitialSchema1732240000000 } from './migrations/1732240000000-initial-schema';
import { TaskVersion1764547200000 } from './migrations/1764547200000-task-version';
import { RuleProfiles1767139200000 } from './migrations/1767139200000-rule-profiles';
import { ExportDigests1769731200000 } from './migrations/1769731200000-export-digests';
import { UnownedObjects1771000000000 } from './migrations/1771000000000-unowned-objects';
import { ProfileVersion1771100000000 } from './migrations/1771100000000-profile-version';
import { UsersAndAudit1772000000000 } from './migrations/1772000000000-users-and-audit';
import { PriceListsAndBatches1774000000000 } from './migrations/1774000000000-price-lists-and-batches';
import { BatchRowAttempts1774000000001 } from './migrations/1774000000001-batch-row-attempts';
import { UnownedSweeping1774100000000 } from './migrations/1774100000000-unowned-sweeping';
import { PriceVersionRows1774200000000 } from './migrations/1774200000000-price-version-rows';
import { PriceListSources1775000000000 } from './migrations/1775000000000-price-list-sources';
import { Deliveries1775100000000 } from './migrations/1775100000000-deliveries';
import { TaskItemCount1775200000000 } from './migrations/1775200000000-task-item-count';
import { UserEntity } from './user.entity';
import { PriceListEntity, PriceListVersionEntity } from './price-list.entity';
import { BatchEntity, BatchRowEntity } from './batch.entity';
import { PriceListSourceEntity, PriceListSourceRunEntity } from './price-list-source.entity';

export const ENTITIES = [TaskEntity, RuleProfileEntity, ExportEntity, UserEntity, PriceListEntity, PriceListVersionEntity, BatchEntity, BatchRowEntity, PriceListSourceEntity, PriceListSourceRunEntity];
export const MIGRATIONS = [
  InitialSchema1732240000000,
  TaskVersion1764547200000,
  RuleProfiles1767139200000,
  ExportDigests1769731200000,
  UnownedObjects1771000000000,
  ProfileVersion1771100000000,
  UsersAndAudit1772000000000,
  PriceListsAndBatches1774000000000,
  BatchRowAttempts1774000000001,
  UnownedSweeping1774100000000,
  PriceVersionRows1774200000000,
  PriceListSources1775000000000,
  Deliveries1775100000000,
  TaskItemCount1775200000000,
];

/** Arbitrary but fixed: every API process takes this advisory lock around migrations. */
const MIGRATION_LOCK_KEY = 7_301_776_042;

/**
 * A pooled connection that always has a listener for `error`. The server may end a connection at
 * any moment (a restart, pg_terminate_backend, a proxy's idle timeout); pg then emits `error` on
 * the client, and an `error` nobody listens to ends the process (DESIGN §15). The pool and TypeORM
 * listen while a client is idle in the pool or in use; this one covers the moments between (and
 * any client pg-pool has already let go of), and says nothing: the pool's handler logs it.
 */
class ListenedClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

export interface PoolSettings {
  /** Connections at most (the worker keeps fewer). */
  max: number;
  /** An idle connection failed (the pool drops it and opens another when needed): a warning for the log. */
  onIdleError: (error: Error) => void;
}

const POOL_DEFAULTS: PoolSettings = {
  max: 10,
  onIdleError: (error) => process.stderr.write(`an idle database connection failed: ${error.message}\n`),
};

/** The API's and the worker's data source: an idle connection's error is a warning, never the process's end. */
export function dataSourceOptions(databaseUrl: string, settings: Partial<PoolSettings> = {}): DataSourceOptions {
  const pool = { ...POOL_DEFAULTS, ...settings };
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    extra: { max: pool.max, connectionTimeoutMillis: 5_000, Client: ListenedClient },
    poolErrorHandler: pool.onIdleError,
  };
}

/** Creates the database named in the URL if it does not exist (two racing creators are fine). */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new ListenedClient({ connectionString: admin.toString(), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    return true;
  } catch (error) {
    // A concurrent creator wins the race: 42P04 (duplicate_database) or, when both passed the
    // check at once, 23505 on pg_database's unique name index.
    const code = (error as { code?: string }).code;
    if (code === '42P04' || code === '23505') return false;
    throw error;
  } finally {
    await client.end();
  }
}

/** Runs pending migrations under a Postgres advisory lock so concurrent API starts migrate once. */
export async function migrateWithLock(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const done = await dataSource.runMigrations({ transaction: 'each' });
    return done.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
}

export function createDataSource(databaseUrl: string): DataSource {
  return new DataSource(dataSourceOptions(databaseUrl));
}
