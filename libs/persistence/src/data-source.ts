import { DataSource, type DataSourceOptions } from 'typeorm';
import { Client } from 'pg';
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
import { Deliveries1775100000000 } from './migrations/1775100000000-deliveries';
import { UserEntity } from './user.entity';
import { PriceListEntity, PriceListVersionEntity } from './price-list.entity';
import { BatchEntity, BatchRowEntity } from './batch.entity';

export const ENTITIES = [TaskEntity, RuleProfileEntity, ExportEntity, UserEntity, PriceListEntity, PriceListVersionEntity, BatchEntity, BatchRowEntity];
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
  Deliveries1775100000000,
];

/** Arbitrary but fixed: every API process takes this advisory lock around migrations. */
const MIGRATION_LOCK_KEY = 7_301_776_042;

export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    extra: { max: 10, connectionTimeoutMillis: 5_000 },
  };
}

/** Creates the database named in the URL if it does not exist (two racing creators are fine). */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5_000 });
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
