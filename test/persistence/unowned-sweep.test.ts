import { randomUUID } from 'node:crypto';
import { createDataSource, ensureDatabase, migrateWithLock, UnownedObjectsRepository } from '@app/persistence';
import type { DataSource } from 'typeorm';
import { dropDatabase } from '../support/databases';

/**
 * The sweep removes objects from storage outside its transaction: a slow storage call holds no
 * connection in a transaction and no row lock, and a claim that comes while the object is being
 * removed is refused (the owner stores again) instead of pointing a row at a removed object.
 */
describe('sweep of unowned objects', () => {
  const url = `postgres://postgres@127.0.0.1:5432/pe_sweep_${randomUUID().slice(0, 8)}`;
  let db: DataSource;
  let unowned: UnownedObjectsRepository;

  beforeAll(async () => {
    await ensureDatabase(url);
    db = createDataSource(url);
    await db.initialize();
    await migrateWithLock(db);
    unowned = new UnownedObjectsRepository(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await dropDatabase(url);
  });

  const idleInTransaction = async () =>
    ((await db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`)) as { n: number }[])[0].n;

  it('calls storage with no transaction open, refuses a late claim, and lists nothing afterwards', async () => {
    await unowned.expect('a');
    await unowned.expect('b');
    const later = new Date(Date.now() + 60_000);
    const seen: { key: string; inTransaction: number; claimed: boolean }[] = [];
    const removed = await unowned.sweep(later, async (key) => {
      const claimed = await db.transaction((tx) => unowned.claim(key, tx));
      seen.push({ key, inTransaction: await idleInTransaction(), claimed });
    });
    expect(removed).toBe(2);
    expect(seen).toEqual([
      { key: 'a', inTransaction: 0, claimed: false },
      { key: 'b', inTransaction: 0, claimed: false },
    ]);
    expect(await unowned.count()).toBe(0);
  });

  it('keeps what it could not remove listed, and removes it at the next sweep', async () => {
    await unowned.expect('c');
    const later = new Date(Date.now() + 60_000);
    await expect(unowned.sweep(later, async () => Promise.reject(new Error('storage down')))).rejects.toThrow('storage down');
    expect(await unowned.count()).toBe(1);
    const removed: string[] = [];
    await expect(unowned.sweep(later, async (key) => void removed.push(key))).resolves.toBe(1);
    expect(removed).toEqual(['c']);
    expect(await unowned.count()).toBe(0);
  });

  it('only takes an owned object off the list, never removes it', async () => {
    const [task] = (await db.query(`INSERT INTO tasks (name, mapping, profile_id) SELECT 'owner', '{}'::jsonb, id FROM rule_profiles LIMIT 1 RETURNING id`)) as { id: string }[];
    await db.query(`INSERT INTO exports (task_id, status, object_key) VALUES ($1, 'done', 'owned.xlsx')`, [task.id]);
    await unowned.expect('owned.xlsx');
    const removed: string[] = [];
    await expect(unowned.sweep(new Date(Date.now() + 60_000), async (key) => void removed.push(key))).resolves.toBe(0);
    expect(removed).toEqual([]);
    expect(await unowned.count()).toBe(0);
  });
});
